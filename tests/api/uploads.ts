/** Uploading documents in API tests: the files the tests send, and the multipart request a browser makes. */
import type { Harness } from "./harness.js";
import { multipart } from "./multipart.js";

export const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, "latin1");
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
