/**
 * Demo invoice capture (docs/capture.md), per company, after the invoices' scans: the settings (the
 * inbound address code; Acme's IMAP mailbox written down but not polled, so no password is stored),
 * and e-mails received at the inbound address with what came of them:
 * - a vendor's invoice, read (the domain's extraction of its PDF, the vendor told by the sender's
 *   domain) into one of the demo's DRAFT invoices, which carries that very document;
 * - an invoice from a sender that is no vendor yet, read and waiting for the clerk to name the vendor;
 * - a statement sent as a Word file, refused with the intake's reason (nothing captured).
 * The readings are made by extract() and matchVendor() from the words of the PDF as simplePdf lays
 * them out (no reader process in the seed). Rows are written as captureMail and readCapture write them.
 */
import dayjs from "dayjs";
import type { DB } from "../db/connect.js";
import { usable } from "../domain/capture/intake.js";
import { extract } from "../domain/capture/extract.js";
import { compactDoc, unknownVendorReason, vendorCandidates, type StoredReading } from "../domain/capture/read.js";
import { matchVendor } from "../domain/capture/vendor-match.js";
import type { ReadDocument, Word } from "../domain/capture/words.js";
import { simplePdf } from "../files/simple-pdf.js";
import { insertMany } from "./demo.js";
import type { EntitySeed, SeedContext } from "./entities.js";
import { invoiceScanLines } from "./scans.js";

/**
 * The words of a simplePdf page (US Letter, Helvetica, lines 26 pt apart from 720 pt, the first at
 * 22 pt, the others at 12 pt) with their boxes in page fractions, as a PDF's text layer gives them;
 * widths use Helvetica's average advance.
 */
function wordsOfLines(lines: readonly string[]): ReadDocument {
  const width = 612;
  const height = 792;
  const words: Word[] = [];
  lines.forEach((line, i) => {
    const size = i === 0 ? 22 : 12;
    const baseline = 720 - i * 26;
    let x = 72;
    for (const text of line.split(" ")) {
      if (text) {
        const w = text.length * 0.5 * size;
        words.push({ page: 0, text, conf: 1, x0: x / width, x1: (x + w) / width, y0: (height - baseline - 0.75 * size) / height, y1: (height - baseline + 0.2 * size) / height });
        x += w;
      }
      x += 0.278 * size;
    }
  });
  return { kind: "TEXT", pages: [{ aspect: width / height, words }] };
}

const at = (daysAgo: number, hour: number) => dayjs().subtract(daysAgo, "day").hour(hour).minute(12).second(0).millisecond(0).toDate();

async function reading(db: DB, context: SeedContext, lines: readonly string[], sender: string, own: string) {
  const company = await db.selectFrom("companies").select(["name", "currency_code", "company_date_format"]).where("id", "=", context.companyId).executeTakeFirstOrThrow();
  const doc = wordsOfLines(lines);
  const extraction = extract(doc, { dayOrder: company.company_date_format === "DD/MM/YYYY" ? "DMY" : "MDY", defaultCurrency: company.currency_code });
  const vendor = matchVendor(extraction.text, await vendorCandidates(db, context.companyId), sender, own);
  const stored: StoredReading = {
    values: extraction.fields, lines: extraction.lines, document_type: extraction.document_type, labels: extraction.labels, text: extraction.text.slice(0, 20000),
    vendor: vendor ? { id: vendor.id, name: vendor.name, confidence: vendor.confidence, by: vendor.by } : undefined, pages: compactDoc(doc),
  };
  return { stored, vendor, extraction };
}

export const captureSeed: EntitySeed = async (db, context) => {
  const { companyId } = context;
  const company = await db.selectFrom("companies").select("name").where("id", "=", companyId).executeTakeFirstOrThrow();
  const code = company.name.split(" ")[0].toLowerCase();
  const us = context.country === "US";
  await insertMany(db, "capture_settings", [{
    company_id: companyId, address_code: code, allow_senders: [], deny_senders: ["@newsletters.test"], imap_enabled: false, imap_secure: true, imap_mailbox: "INBOX",
    ...(us ? { imap_host: `imap.${code}.test`, imap_port: 993, imap_user: `invoices@${code}.test` } : {}),
  }]);

  // a vendor's DRAFT invoice came in by e-mail: the capture read it (its PDF is the invoice's scan)
  const draft = await db.selectFrom("invoices as i").innerJoin("vendors as v", "v.id", "i.vendor_id")
    .innerJoin("documents as d", (join) => join.onRef("d.assetable_id", "=", "i.id").on("d.assetable_type", "=", "Invoice"))
    .select(["i.id", "i.number", "i.date", "i.due_date", "i.amount", "i.description", "i.purchase_order_ids", "v.id as vendor_id", "v.name as vendor", "v.email",
      "d.storage_key", "d.asset_file_file_name", "d.asset_file_file_size"])
    .where("i.company_id", "=", companyId).where("i.status", "=", "DRAFT").where("v.status", "=", "ACTIVE").where("v.email", "is not", null)
    .orderBy("i.id").limit(50).execute()
    .then((rows) => rows.find((r) => (r.purchase_order_ids ?? []).length === 0) ?? rows[0]);
  const sender = String(draft.email);
  const read = await reading(db, context, invoiceScanLines(draft, context.currency), sender, company.name);

  // an invoice from a carrier that is not a vendor yet: read, the clerk names the vendor
  const strangerLines = us
    ? ["Harbor Freight Lines", "INVOICE", "Invoice number: HFL-20419", `Invoice date: ${dayjs().subtract(6, "day").format("MM/DD/YYYY")}`, `Due date: ${dayjs().add(24, "day").format("MM/DD/YYYY")}`, "Description: Inbound freight, 3 pallets", "Amount due: 1,240.50 USD"]
    : ["Rheinland Spedition GmbH", "RECHNUNG", "Invoice number: RS-88213", `Invoice date: ${dayjs().subtract(6, "day").format("DD/MM/YYYY")}`, `Due date: ${dayjs().add(24, "day").format("DD/MM/YYYY")}`, "Description: Fracht, 3 Paletten", "Amount due: 1.240,50 EUR"];
  const strangerSender = us ? "billing@harborfreightlines.test" : "rechnung@rheinland-spedition.test";
  const strangerPdf = simplePdf(strangerLines);
  const stranger = await reading(db, context, strangerLines, strangerSender, company.name);
  const [file] = await insertMany(db, "stored_files", [{ company_id: companyId, data: strangerPdf }]);

  // a statement sent as a Word file: nothing is captured, the message keeps the intake's reason
  const statement = usable({ fileName: "statement-october.docx", bytes: Buffer.from("PK\u0003\u0004word/document.xml", "latin1") });

  const messages = [
    { message_id: `<${draft.number}@${sender.split("@")[1]}>`, mail_from: sender, mail_subject: `Invoice ${draft.number}`, received_at: at(3, 9), outcome: "ACCEPTED", reason: null, attachments: 1 },
    { message_id: `<${us ? "HFL-20419" : "RS-88213"}@${strangerSender.split("@")[1]}>`, mail_from: strangerSender, mail_subject: us ? "Invoice HFL-20419" : "Rechnung RS-88213", received_at: at(2, 14), outcome: "ACCEPTED", reason: null, attachments: 1 },
    { message_id: `<statement-october@${sender.split("@")[1]}>`, mail_from: sender, mail_subject: "Statement of account", received_at: at(1, 8), outcome: "REJECTED", reason: "reason" in statement ? statement.reason : null, attachments: 1 },
  ];
  const messageIds = await insertMany(db, "capture_messages", messages.map((m) => ({ company_id: companyId, source: "EMAIL", ...m })));

  const fromMessage = (n: number) => ({ source: "EMAIL", capture_message_id: messageIds[n].id, mail_from: messages[n].mail_from, mail_subject: messages[n].mail_subject, received_at: messages[n].received_at });
  await insertMany(db, "invoice_captures", [
    {
      company_id: companyId, ...fromMessage(0), status: "READ", file_name: draft.asset_file_file_name, content_type: "application/pdf", file_size: draft.asset_file_file_size,
      storage_key: draft.storage_key, attempts: 1, fields: JSON.stringify(read.stored), read_kind: "TEXT", pages: 1, layout_key: read.extraction.layout_key,
      vendor_id: draft.vendor_id, invoice_id: draft.id,
    },
    {
      company_id: companyId, ...fromMessage(1), status: "NEEDS_VENDOR", file_name: `${us ? "HFL-20419" : "RS-88213"}.pdf`, content_type: "application/pdf", file_size: strangerPdf.length,
      storage_key: `db:${file.id}`, attempts: 1, fields: JSON.stringify(stranger.stored), read_kind: "TEXT", pages: 1, layout_key: stranger.extraction.layout_key,
      reason: stranger.vendor ? null : unknownVendorReason, vendor_id: null, invoice_id: null,
    },
  ]);
  // the draft was made by the capture (readCapture's draftOf marks it)
  await db.updateTable("invoices").set({ is_ocr_process_completed: true }).where("id", "=", draft.id).execute();
};
