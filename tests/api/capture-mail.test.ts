/**
 * Invoice capture by e-mail (issue 32): a real SMTP message with two PDF attachments to the built-in
 * receiver becomes two drafts with their documents and fields read, the vendor found by the sender's
 * domain; the same message again adds nothing; an executable renamed .pdf creates nothing and says
 * why; no open relay; sender rules; uploads on the draft inbox; bad documents end with a reason.
 */
import nodemailer from "nodemailer";
import type { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailIn } from "../../src/server/domain/capture/mail-in.js";
import { readCapture } from "../../src/server/domain/capture/read.js";
import { Reader } from "../../src/server/domain/capture/reader.js";
import { corruptPdf, encryptedPdf, exe, hugePng, invoicePdf, longPdf, zipBomb } from "./capture-fixtures.js";
import { useApp } from "./harness.js";

const h = useApp();
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const domain = "capture.test";
let smtp: SMTPServer;
let port = 0;
let acme = 0;
let vendorId = 0;
const reader = new Reader({ timeoutSeconds: 120, maxMemoryMb: 500 });

async function call(method: "GET" | "POST" | "PATCH", url: string, payload?: unknown): Promise<{ status: number; body: Json }> {
  const response = await h.app.inject({ method, url, payload: payload as object, headers: await h.login("admin@acme.test") });
  return { status: response.statusCode, body: response.json() };
}

const transport = () => nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });

/** the demo's captures (seed/capture.ts) are before these tests' own */
let demoCaptures = 0;
const captures = () => h.database.db.selectFrom("invoice_captures").selectAll().where("company_id", "=", acme).where("id", ">", demoCaptures).orderBy("id").execute();
const messages = () => h.database.db.selectFrom("capture_messages").selectAll().where("company_id", "=", acme).orderBy("id").execute();

async function readAll(): Promise<void> {
  for (const capture of await captures()) if (capture.status === "RECEIVED") await readCapture(h.database.db, acme, capture.id, reader);
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  demoCaptures = Number((await h.database.db.selectFrom("invoice_captures").select((eb) => eb.fn.max("id").as("id")).where("company_id", "=", acme).executeTakeFirst())?.id ?? 0);
  // the demo's settings (one row per company), given this test's address code and sender rules
  const [demo] = (await call("GET", "/api/capture_settings")).body.data as Json[];
  const settings = await call("PATCH", `/api/capture_settings/${String(demo.id)}`, { address_code: "acme-ap", deny_senders: ["@spam.test"] });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  expect(settings.body.data.inbound_address).toMatch(/^ap\+acme-ap@/);
  const vendor = await call("POST", "/api/vendors", { name: "Blue Harbor Trading", currency_code: "USD" });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  vendorId = vendor.body.data.id;
  const contact = await call("POST", "/api/contacts", { first_name: "Ada", last_name: "Payables", email: "ap@blueharbor.test", contact_type: "VENDOR", vendor_id: vendorId });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  smtp = await startMailIn(h.database.db, { port: 0, host: "127.0.0.1", domain, maxBytes: 2 * 1024 * 1024 });
  port = (smtp.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await reader.stop();
});

const twoInvoices = {
  from: "Billing <billing@blueharbor.test>",
  to: `ap+acme-ap@${domain}`,
  subject: "Invoices for March",
  messageId: "<march-invoices@blueharbor.test>",
  text: "Please find our invoices attached.",
  attachments: [
    { filename: "BH-7001.pdf", content: invoicePdf({ number: "BH-7001", total: "1250.00", tax: "50.00" }) },
    { filename: "BH-7002.pdf", content: invoicePdf({ number: "BH-7002", total: "980.40" }) },
  ],
};

describe("e-mail to the SMTP receiver", () => {
  it("makes one draft per PDF attachment, with its document, its fields read and the vendor found by the sender's domain", async () => {
    await transport().sendMail(twoInvoices);
    const received = await captures();
    expect(received.map((c) => [c.file_name, c.status, c.source, c.mail_from, c.mail_subject])).toEqual([
      ["BH-7001.pdf", "RECEIVED", "EMAIL", "billing@blueharbor.test", "Invoices for March"],
      ["BH-7002.pdf", "RECEIVED", "EMAIL", "billing@blueharbor.test", "Invoices for March"],
    ]);
    await readAll();
    const read = await captures();
    expect(read.map((c) => [c.status, c.read_kind, c.vendor_id, (c.fields as Json).vendor?.by])).toEqual([["READ", "TEXT", vendorId, "domain"], ["READ", "TEXT", vendorId, "domain"]]);
    const drafts = await h.database.db.selectFrom("invoices").select(["id", "number", "amount", "date", "due_date", "status", "vendor_id", "is_ocr_process_completed"])
      .where("id", "in", read.map((c) => c.invoice_id!)).orderBy("number").execute();
    expect(drafts.map((d) => [d.number, d.amount, d.date, d.due_date, d.status, d.vendor_id, d.is_ocr_process_completed])).toEqual([
      ["BH-7001", "1250.00", "2026-03-14", "2026-04-13", "DRAFT", vendorId, true],
      ["BH-7002", "980.40", "2026-03-14", "2026-04-13", "DRAFT", vendorId, true],
    ]);
    // in the draft inbox, each with its document
    const inbox = await call("GET", "/api/invoices_draft_inbox?_end=50");
    expect(inbox.body.data.map((r: Json) => r.number)).toEqual(expect.arrayContaining(["BH-7001", "BH-7002"]));
    for (const draft of drafts) {
      const docs = await h.database.db.selectFrom("documents").select(["asset_file_file_name", "content_type"]).where("assetable_type", "=", "Invoice").where("assetable_id", "=", draft.id).execute();
      expect(docs).toEqual([{ asset_file_file_name: `${draft.number}.pdf`, content_type: "application/pdf" }]);
    }
    // the read fields with their confidence and box, for the review page
    const capture = await call("GET", `/api/invoice_captures/${read[0].id}`);
    expect(capture.body.data.fields.values.total).toMatchObject({ value: "1250.00", label: "total due" });
    expect(capture.body.data.fields.values.total.confidence).toBeGreaterThan(0.85);
    expect(capture.body.data.fields.values.tax.value).toBe("50.00");
    expect(capture.body.data.fields.values.total.box).toMatchObject({ page: 0 });
    expect(capture.body.data.fields.pages[0].words).toBeUndefined();
  }, 120_000);

  it("learns from a clerk's corrections; refuses a malformed correction (422), staff (403) and another company (404)", async () => {
    const [capture] = (await captures()).filter((c) => c.status === "READ");
    const url = `/api/invoice_captures/${capture.id}/learn`;
    const layouts = () => h.database.db.selectFrom("capture_layouts").select(["corrections"]).where("company_id", "=", acme).where("layout_key", "=", capture.layout_key!).execute();
    for (const body of [{}, { corrections: {} }, { corrections: { total: { amount: "12.00" } } }, { corrections: { colour: "blue" } }, { corrections: { total: "" } }, { corrections: { number: "x".repeat(101) } }]) {
      const refused = await call("POST", url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    const as = async (email: string) => (await h.app.inject({ method: "POST", url, payload: { corrections: { number: "BH-7001" } }, headers: await h.login(email) })).statusCode;
    expect(await as("staff@acme.test")).toBe(403);
    expect(await as("admin@globex.test")).toBe(404);
    expect(await layouts()).toEqual([]);

    const learned = await call("POST", url, { corrections: { number: "BH-7001" } });
    expect(learned.status, JSON.stringify(learned.body)).toBe(200);
    expect(learned.body.data.learned).toEqual(["number"]);
    expect(await layouts()).toEqual([{ corrections: 1 }]);
  });

  it("names the vendor of a capture waiting for it: only one of the company's vendors (422 otherwise), then the draft is made", async () => {
    const waiting = await h.database.db.selectFrom("invoice_captures").select("id").where("company_id", "=", acme).where("status", "=", "NEEDS_VENDOR").executeTakeFirstOrThrow();
    const url = `/api/invoice_captures/${waiting.id}/choose_vendor`;
    const globexVendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", await h.companyId("Globex Ltd")).executeTakeFirstOrThrow();
    for (const vendor_id of [0, -5, 999999999, globexVendor.id]) {
      const refused = await call("POST", url, { vendor_id });
      expect(refused.status, `vendor ${vendor_id}`).toBe(422);
      expect(refused.body.errors.vendor_id).toEqual(["does not exist"]);
    }
    expect((await h.database.db.selectFrom("invoice_captures").select(["status", "invoice_id"]).where("id", "=", waiting.id).executeTakeFirstOrThrow())).toEqual({ status: "NEEDS_VENDOR", invoice_id: null });
    const chosen = await call("POST", url, { vendor_id: vendorId });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const made = await h.database.db.selectFrom("invoice_captures").select(["status", "invoice_id", "vendor_id"]).where("id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(made).toMatchObject({ status: "READ", vendor_id: vendorId });
    expect(made.invoice_id).not.toBeNull();
  });

  it("takes the same message (Message-ID) once", async () => {
    const before = (await captures()).length;
    await transport().sendMail(twoInvoices);
    expect((await captures()).length).toBe(before);
    expect((await messages()).filter((m) => m.message_id === "<march-invoices@blueharbor.test>")).toHaveLength(1);
  });

  it("refuses an executable named .pdf and a zip, keeping the message with the reason", async () => {
    const before = (await captures()).length;
    await transport().sendMail({
      from: "billing@blueharbor.test", to: `ap+acme-ap@${domain}`, subject: "Invoice attached", messageId: "<exe@blueharbor.test>",
      attachments: [{ filename: "invoice.pdf", content: exe }, { filename: "invoices.zip", content: zipBomb() }],
    });
    expect((await captures()).length).toBe(before);
    const [message] = (await messages()).filter((m) => m.message_id === "<exe@blueharbor.test>");
    expect(message).toMatchObject({ outcome: "REJECTED", attachments: 2 });
    expect(message.reason).toContain("invoice.pdf is not a PDF or a PNG or JPEG image (by its content, whatever its name says)");
    expect(message.reason).toContain("invoices.zip is not a PDF");
  });

  it("is no open relay, refuses mail over its size limit and follows the company's sender rules", async () => {
    await expect(transport().sendMail({ from: "x@blueharbor.test", to: "someone@elsewhere.test", subject: "relay?", text: "hi" })).rejects.toThrow(/550/);
    await expect(transport().sendMail({ from: "x@blueharbor.test", to: `ap+nobody@${domain}`, subject: "unknown", text: "hi" })).rejects.toThrow(/550/);
    await expect(transport().sendMail({
      from: "x@blueharbor.test", to: `ap+acme-ap@${domain}`, subject: "big", attachments: [{ filename: "big.pdf", content: Buffer.alloc(3 * 1024 * 1024, 65) }],
    })).rejects.toThrow(/552/);
    await transport().sendMail({ from: "promo@spam.test", to: `ap+acme-ap@${domain}`, subject: "Spam", messageId: "<spam@spam.test>", attachments: [{ filename: "a.pdf", content: invoicePdf({ number: "S-1", total: "1.00" }) }] });
    expect((await messages()).some((m) => m.message_id === "<spam@spam.test>")).toBe(false);
  });
});

describe("documents capture cannot read", () => {
  it("end with the reason, within the reader's limits, and the reader goes on reading", async () => {
    const bad: [string, Buffer, RegExp][] = [
      ["long.pdf", longPdf(200), /has 200 pages; capture reads invoices of up to 50 pages/],
      ["sealed.pdf", encryptedPdf(), /protected by a password/],
      ["broken.pdf", corruptPdf(), /not a readable PDF|could not be read/],
      ["huge.png", hugePng(), /20000 × 20000 pixels/],
    ];
    const rows = await h.database.db.insertInto("invoice_captures").values(await Promise.all(bad.map(async ([name, bytes]) => {
      const { fileStore } = await import("../../src/server/files/store.js");
      const { Readable } = await import("node:stream");
      const key = await fileStore(h.database.db).put(Readable.from([bytes]), { companyId: acme });
      return { company_id: acme, source: "UPLOAD", status: "RECEIVED", file_name: name, storage_key: key, file_size: bytes.length, content_type: "application/pdf" };
    }))).returning(["id", "file_name"]).execute();
    for (const row of rows) {
      const started = Date.now();
      await readCapture(h.database.db, acme, row.id, reader);
      expect(Date.now() - started).toBeLessThan(60_000);
    }
    const after = await h.database.db.selectFrom("invoice_captures").select(["file_name", "status", "reason", "invoice_id"]).where("id", "in", rows.map((r) => r.id)).orderBy("id").execute();
    after.forEach((row, i) => {
      expect(row, row.file_name!).toMatchObject({ status: "FAILED", invoice_id: null });
      expect(row.reason).toMatch(bad[i][2]);
    });
    expect(reader.peakMb).toBeLessThan(500);
    // the reader still reads
    const good = await reader.read(invoicePdf({ number: "AFTER-1", total: "5.00" }));
    expect(good.ok).toBe(true);
  }, 180_000);
});

describe("files dropped on the draft inbox", () => {
  it("become captures like attachments; a file that is no PDF or image is refused with why", async () => {
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(invoicePdf({ number: "UP-1", total: "12.00" }))], { type: "application/pdf" }), "UP-1.pdf");
    form.append("files", new Blob([new Uint8Array(exe)], { type: "application/pdf" }), "setup.pdf");
    const body = new Response(form);
    const response = await h.app.inject({
      method: "POST", url: "/api/invoice_captures/upload", payload: Buffer.from(await body.arrayBuffer()),
      headers: { ...(await h.login("admin@acme.test")), "content-type": body.headers.get("content-type")! },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json().data;
    expect(answer.ids).toHaveLength(1);
    expect(answer.refused).toEqual(["setup.pdf is not a PDF or a PNG or JPEG image (by its content, whatever its name says), so it was not captured."]);
    const [capture] = await h.database.db.selectFrom("invoice_captures").selectAll().where("id", "=", answer.ids[0]).execute();
    expect(capture).toMatchObject({ source: "UPLOAD", status: "RECEIVED", file_name: "UP-1.pdf" });
  });

  it("refuses someone without the draft inbox's keys (403) and a request with only refused files (422)", async () => {
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(exe)]), "setup.pdf");
    const body = new Response(form);
    const payload = Buffer.from(await body.arrayBuffer());
    const headers = { "content-type": body.headers.get("content-type")! };
    const refused = await h.app.inject({ method: "POST", url: "/api/invoice_captures/upload", payload, headers: { ...(await h.login("admin@acme.test")), ...headers } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.files[0]).toContain("setup.pdf is not a PDF");
    const staff = await h.app.inject({ method: "POST", url: "/api/invoice_captures/upload", payload, headers: { ...(await h.login("staff@acme.test")), ...headers } });
    expect(staff.statusCode).toBe(403);
  });
});
