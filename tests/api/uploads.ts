/** Uploading documents in API tests: the files the tests send, and the multipart request a browser makes. */
import type { Harness } from "./harness.js";
import { multipart } from "./multipart.js";
import type { DB } from "../../src/server/db/connect.js";

export const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, "latin1");
/** the start of a JPEG (a phone camera's photo) */
export const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("JFIF receipt photo", "latin1")]);
/** the start of a Windows executable (MZ header) */
export const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(64)]);

export function uploads(h: Harness) {
  const get = async (url: string, user = "admin@acme.test") => h.app.inject({ url, headers: await h.login(user) });
  return {
    get,
    async upload(parent: { type: string; id: unknown }, name: string, content: Buffer, user = "admin@acme.test") {
      // the client's claimed type is always PDF: the server judges the bytes
      const body = await multipart({ assetable_type: parent.type, assetable_id: String(parent.id) }, { name, content, type: "application/pdf" });
      return h.app.inject({ method: "POST", url: "/api/documents/upload", payload: body.payload, headers: { ...(await h.login(user)), ...body.headers } });
    },
    async anInvoice(user = "admin@acme.test") {
      const invoice = (await get("/api/invoices?_end=1", user)).json().data[0] as { id: number };
      return { type: "Invoice", id: invoice.id };
    },
    async storedFiles() {
      return Number((await h.database.db.selectFrom("stored_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    },
  };
}

/** Receipt files on every item of these expense reports, straight into the database: what the employee's uploads leave (the upload itself: expense-receipts.test.ts). */
export async function receiptsOn(db: DB, reportIds: readonly number[]): Promise<void> {
  const items = await db.selectFrom("expense_items").select(["id", "company_id"]).where("expense_report_id", "in", [...reportIds]).execute();
  if (items.length === 0) return;
  await db.insertInto("documents").values(items.map((item) => ({
    company_id: item.company_id, assetable_type: "ExpenseItem", assetable_id: item.id, asset_file_file_name: `receipt-${item.id}.pdf`, content_type: "application/pdf",
  }))).execute();
  await db.updateTable("expense_items").set({ receipt_attached: true }).where("id", "in", items.map((i) => i.id)).execute();
}
