/**
 * The `capture-read` job (docs/capture.md "Reading"): a capture's bytes read in the reader process,
 * its fields extracted (with what corrections taught about the vendor's layout), its vendor found,
 * and, the vendor known, a DRAFT invoice made through the invoices resource (its rules: duplicates,
 * PO matching, audit) with the document attached and `is_ocr_process_completed` set. A document
 * that cannot be read is FAILED with the reason; a reading that broke for another cause is retried
 * by the job runner.
 */
import dayjs from "dayjs";
import { Decimal } from "decimal.js";
import invoices from "../../../../resources/invoices.js";
import { keysOfRole } from "../../../framework/roles.js";
import type { DB } from "../../db/connect.js";
import { forCompany } from "../../db/row-security.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { HttpError } from "../../errors.js";
import { fileStore } from "../../files/store.js";
import type { Ctx, Row } from "../../resources/context.js";
import { createInTransaction } from "../../resources/write.js";
import { attachUpload } from "../admin/uploads.js";
import { userSession } from "../identity/membership.js";
import { extract, layoutSimilarity, type Extraction, type LayoutRules } from "./extract.js";
import { sharedReader, type Reader } from "./reader.js";
import { domainOf, matchVendor, vendorThreshold, type VendorCandidate } from "./vendor-match.js";
import type { ReadDocument } from "./words.js";
import { dueDateOf } from "../payables/invoice-submission.js";

/** Why a read capture waits for the clerk (NEEDS_VENDOR). */
export const unknownVendorReason = "The vendor could not be told from the document or the sender: choose it.";

/** Fields below this confidence are marked for the clerk's review. */
export const reviewThreshold = 0.85;

interface CaptureRow {
  id: number;
  company_id: number;
  status: string;
  storage_key: string | null;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
  mail_from: string | null;
  mail_subject: string | null;
  attempts: number;
  created_by_id: number | null;
  fields: Row;
}

/** What is stored of a reading: the fields, lines, the words (to learn from corrections) compacted. */
export interface StoredReading extends Row {
  values: Extraction["fields"];
  lines: Extraction["lines"];
  document_type: Extraction["document_type"];
  labels: string[];
  text: string;
  vendor?: { id: number; name: string; confidence: number; by: string };
  po?: { id: number; number: string };
  /** per page: aspect and words as [text, x0, y0, x1, y1, conf] */
  pages: { aspect: number; words: [string, number, number, number, number, number][] }[];
}

const round = (n: number) => Math.round(n * 10000) / 10000;

export function compactDoc(doc: ReadDocument): StoredReading["pages"] {
  return doc.pages.map((p) => ({ aspect: round(p.aspect), words: p.words.map((w) => [w.text, round(w.x0), round(w.y0), round(w.x1), round(w.y1), round(w.conf)]) }));
}

export function expandDoc(kind: "TEXT" | "OCR", pages: StoredReading["pages"]): ReadDocument {
  return { kind, pages: pages.map((p, page) => ({ aspect: p.aspect, words: p.words.map(([text, x0, y0, x1, y1, conf]) => ({ page, text, x0, y0, x1, y1, conf })) })) };
}

/** The company's vendors with their tax ids and the e-mail/web domains of the vendor and its contacts. */
export async function vendorCandidates(trx: DB, companyId: number): Promise<VendorCandidate[]> {
  const vendors = await trx.selectFrom("vendors").select(["id", "name", "tax_id", "email"]).where("company_id", "=", companyId).execute();
  const contacts = await trx.selectFrom("contacts").select(["vendor_id", "email"]).where("company_id", "=", companyId).where("vendor_id", "is not", null).execute();
  const domains = new Map<number, Set<string>>();
  const add = (id: number, email: string | null) => {
    const domain = email ? domainOf(email) : undefined;
    if (domain) (domains.get(id) ?? domains.set(id, new Set()).get(id)!).add(domain);
  };
  for (const v of vendors) add(v.id, v.email);
  for (const c of contacts) add(c.vendor_id!, c.email);
  return vendors.map((v) => ({ id: v.id, name: v.name, tax_id: v.tax_id, domains: [...(domains.get(v.id) ?? [])] }));
}

/** The rules learned for the vendor's layout closest to this document's labels (at least 60 % alike). */
export async function rulesFor(trx: DB, companyId: number, vendorId: number, labels: readonly string[]): Promise<LayoutRules | undefined> {
  const known = await trx.selectFrom("capture_layouts").select(["layout_key", "rules"]).where("company_id", "=", companyId).where("vendor_id", "=", vendorId).execute();
  let best: { rules: LayoutRules; similarity: number } | undefined;
  for (const layout of known) {
    const rules = layout.rules as LayoutRules & { labels?: string[] };
    const similarity = layoutSimilarity(rules.labels ?? [], labels);
    if (similarity >= 0.6 && (!best || similarity > best.similarity)) best = { rules, similarity };
  }
  return best?.rules;
}

/** Who a capture's draft is made in the name of: who dropped it, else the company's first user who may add drafts. */
async function actorOf(db: DB, capture: CaptureRow): Promise<Ctx | undefined> {
  const draftKeys = ["addDraftInbox", "editInvoiceInbox", "roleService"];
  const candidates = capture.created_by_id ? [capture.created_by_id] : (await db.selectFrom("contacts").select(["user_id", "role"])
    .where("company_id", "=", capture.company_id).where("status", "=", "ACTIVE").where("user_id", "is not", null).orderBy("id").execute())
    .filter((c) => keysOfRole(String(c.role)).some((k) => draftKeys.includes(k))).map((c) => c.user_id!);
  for (const userId of candidates) {
    const session = await userSession(db, userId, capture.company_id);
    if (session) return { ...session, db };
  }
  return undefined;
}

const plainError = (error: unknown): string => {
  if (error instanceof HttpError) {
    const errors = (error as HttpError & { body?: { errors?: Record<string, string[]> } }).body?.errors;
    if (errors) return Object.entries(errors).map(([field, messages]) => `${field === "base" ? "" : `${field.replace(/_/g, " ")} `}${messages.join(", ")}`).join("; ");
  }
  return error instanceof Error ? error.message : String(error);
};

/** Make the DRAFT invoice of a read capture for `vendorId` (the job, or a clerk naming the vendor). */
export async function draftOf(trx: DB, ctx: Ctx, captureId: number, vendorId: number): Promise<number> {
  const capture = await trx.selectFrom("invoice_captures").selectAll().where("id", "=", captureId).executeTakeFirstOrThrow();
  const reading = capture.fields as StoredReading;
  const values = reading.values ?? {};
  const vendor = await trx.selectFrom("vendors").select(["id", "currency_code", "term_code"]).where("company_id", "=", ctx.company.id).where("id", "=", vendorId).executeTakeFirstOrThrow();
  // a PO number read: an open order of this vendor with that number brings its link (and the matching)
  let po: { id: number; number: string } | undefined;
  if (values.po_number) {
    po = await trx.selectFrom("purchase_orders").select(["id", "number"]).where("company_id", "=", ctx.company.id).where("vendor_id", "=", vendorId)
      .where("status", "in", ["APPROVED", "OPEN"]).where((eb) => eb(eb.fn("upper", ["number"]), "=", values.po_number!.value.toUpperCase())).executeTakeFirst();
  }
  const date = values.date?.value ?? dayjs().format("YYYY-MM-DD");
  const total = values.total ? new Decimal(values.total.value).abs().toFixed(2) : "0.00";
  const data: Row = {
    number: values.number?.value ?? `CAPTURE-${captureId}`,
    vendor_id: vendorId,
    date,
    due_date: values.due_date?.value ?? dueDateOf(date, vendor.term_code),
    amount: total,
    currency_code: values.currency?.value ?? vendor.currency_code ?? ctx.company.currency_code,
    term_code: vendor.term_code,
    status: "DRAFT",
    purchase_order_ids: po ? [po.id] : [],
    description: [reading.document_type === "CREDIT_MEMO" ? "Credit memo" : null, capture.mail_subject, capture.file_name].filter(Boolean).join(" · ").slice(0, 2000) || null,
  };
  const invoice = await createInTransaction(invoices, data, ctx, trx);
  const invoiceId = invoice.id as number;
  await trx.updateTable("invoices").set({ is_ocr_process_completed: true }).where("id", "=", invoiceId).execute();
  await attachUpload(trx, ctx, { key: capture.storage_key!, fileName: capture.file_name ?? "document.pdf", size: capture.file_size ?? 0, contentType: capture.content_type ?? "application/pdf" }, { type: "Invoice", id: invoiceId });
  await trx.updateTable("invoice_captures").set({
    status: "READ", vendor_id: vendorId, invoice_id: invoiceId, reason: null, updated_at: new Date(),
    fields: JSON.stringify({ ...reading, po }) as never,
  }).where("id", "=", captureId).execute();
  return invoiceId;
}

/** Read capture `captureId` of `companyId`. Throws (for a retry) only when the reading broke for a cause other than the document. */
export async function readCapture(owner: DB, companyId: number, captureId: number, reader: Reader = sharedReader()): Promise<void> {
  const db = forCompany(owner, companyId);
  const capture = await inTransaction({ db, company: { id: companyId } }, (trx) => trx.selectFrom("invoice_captures").selectAll().where("id", "=", captureId).executeTakeFirst()) as CaptureRow | undefined;
  if (!capture || !["RECEIVED", "FAILED"].includes(capture.status) || !capture.storage_key) return;
  const record = (set: Row) => inTransaction({ db, company: { id: companyId } }, (trx) => trx.updateTable("invoice_captures").set({ ...set, updated_at: new Date() } as never).where("id", "=", captureId).execute());
  const stream = await fileStore(db).get(capture.storage_key, { companyId });
  if (!stream) {
    await record({ status: "FAILED", reason: "The document's bytes are missing from the file store.", attempts: capture.attempts + 1 });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const outcome = await reader.read(Buffer.concat(chunks));
  if (!outcome.ok) {
    await record({ status: "FAILED", reason: outcome.reason.slice(0, 2000), attempts: capture.attempts + 1 });
    if (!outcome.refused) throw new Error(outcome.reason);
    return;
  }
  const found = await inTransaction({ db, company: { id: companyId } }, async (trx) => {
    const company = await trx.selectFrom("companies").select(["name", "currency_code", "company_date_format"]).where("id", "=", companyId).executeTakeFirstOrThrow();
    const options = { dayOrder: company.company_date_format === "DD/MM/YYYY" ? "DMY" as const : "MDY" as const, defaultCurrency: company.currency_code };
    let extraction = extract(outcome.doc, options);
    const vendor = matchVendor(extraction.text, await vendorCandidates(trx, companyId), capture.mail_from ?? undefined, company.name);
    const rules = vendor ? await rulesFor(trx, companyId, vendor.id, extraction.labels) : undefined;
    if (rules) extraction = extract(outcome.doc, { ...options, rules });
    const reading: StoredReading = {
      values: extraction.fields, lines: extraction.lines, document_type: extraction.document_type, labels: extraction.labels, text: extraction.text.slice(0, 20000),
      vendor: vendor ? { id: vendor.id, name: vendor.name, confidence: vendor.confidence, by: vendor.by } : undefined, pages: compactDoc(outcome.doc),
    };
    await trx.updateTable("invoice_captures").set({
      status: "NEEDS_VENDOR", read_kind: outcome.doc.kind, pages: outcome.doc.pages.length, layout_key: extraction.layout_key, attempts: capture.attempts + 1,
      fields: JSON.stringify(reading) as never, reason: vendor ? null : unknownVendorReason, updated_at: new Date(),
    }).where("id", "=", captureId).execute();
    return vendor && vendor.confidence >= vendorThreshold ? vendor : undefined;
  });
  if (!found) return;
  const ctx = await actorOf(db, capture);
  if (!ctx) {
    await record({ reason: "No user of the company may add drafts, so the draft was not made." });
    return;
  }
  // the draft in its own transaction: an invoice the rules refuse (a number already entered) leaves the reading and says why
  try {
    await inTransaction(ctx, (trx, tctx) => draftOf(trx, { ...tctx, db: trx }, captureId, found.id));
  } catch (error) {
    await record({ status: "FAILED", vendor_id: found.id, reason: `The draft was not made: ${plainError(error)}`.slice(0, 2000) });
  }
}
