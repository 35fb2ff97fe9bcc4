/**
 * The bank's return file from the returns screen (issue 31): previewed, then applied.
 * Each entry is matched to the payment it names (matchPayment of nacha-return-import.ts: the payment
 * number, checked against the original trace number, else the trace number alone) and judged:
 * - a return (R-code) fails an in-flight payment as POST /api/payments/{id}/fail does (invoices
 *   reopened, journal reversed); a payment already FAILED with that code is `unchanged`;
 * - a notification of change (C-code) corrects the paid vendor method's routing, account number,
 *   account type or name through the generic update, so the method goes back through its approval
 *   (PENDING until approved: no run pays it meanwhile); a method that already holds the corrected
 *   details is `unchanged`.
 * The preview writes nothing; the apply is one transaction and runs the same judgement on locked
 * rows, so the same file applied twice changes nothing the second time.
 */
import { sql } from "kysely";
import paymentMethods from "../../../../../resources/payment_methods.js";
import { resourceByName } from "../../../../../resources/index.js";
import { money } from "../../../../framework/money.js";
import type { DB } from "../../../db/connect.js";
import { inTransaction } from "../../../db/unit-of-work.js";
import { HttpError, unprocessable } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { findRow } from "../../../resources/query.js";
import { updateInTransaction } from "../../../resources/write.js";
import { maskAccount } from "../bank.js";
import { matchPayment, returnFileText } from "../nacha-return-import.js";
import { failWithin } from "../payment-transitions.js";
import { changeCodes, correctedDetails, parseBankReturnFile, returnCodes, type BankEntry } from "./return-file.js";

const payments = resourceByName.get("payments")!;
const inFlight = ["PROCESSING", "PROCESSING (REISSUED)"];

/** preview: what would happen; apply: what happened */
export type EntryResult = "fail" | "change" | "failed" | "changed" | "unchanged" | "unmatched" | "refused";

export interface FieldChange {
  field: "routing" | "account_number" | "account_type" | "account_name";
  /** account numbers masked (••••1234): the screen shows what changes, never the number */
  from: string | null;
  to: string | null;
}

export interface BankEntryResult {
  line: number;
  kind: BankEntry["kind"];
  code: string;
  /** the R-code of a return (null for a change), and the matched payment's id and number, as the first returns endpoint answered */
  return_code: string | null;
  payment_id: number | null;
  payment_number: string | null;
  /** the NACHA title of the code and what it means in plain words */
  reason: string | null;
  plain_reason: string | null;
  trace_number: string;
  individual_id: string;
  amount: string;
  result: EntryResult;
  message: string | null;
  payment: { id: number; payment_number: string; vendor_name: string | null; amount: string; currency_code: string; status: string } | null;
  /** a return: the invoices it reopens, with the amounts */
  invoices: { id: number; number: string; amount: string }[];
  /** a change: the vendor method it corrects and the fields */
  method: { id: number; name: string; status: string } | null;
  changes: FieldChange[];
}

export interface BankFileAnswer {
  entries: BankEntryResult[];
  errors: { line: number; message: string }[];
}

function describe(entry: BankEntry): Pick<BankEntryResult, "reason" | "plain_reason"> {
  const known = (entry.kind === "return" ? returnCodes : changeCodes)[entry.code];
  return { reason: known?.title ?? null, plain_reason: known?.plain ?? null };
}

async function paymentOf(trx: DB, ctx: Ctx, id: number, lock: boolean): Promise<Row> {
  return lock ? (await findRow(payments, id, { ...ctx, db: trx }, true))! : (await trx.selectFrom("payments").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", id).executeTakeFirstOrThrow()) as Row;
}

async function invoicesOf(trx: DB, ctx: Ctx, paymentId: number): Promise<BankEntryResult["invoices"]> {
  const rows = await trx.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["i.id", "i.number", sql<string>`l.amount::text`.as("amount")])
    .where("l.company_id", "=", ctx.company.id).where("l.payment_id", "=", paymentId).orderBy("i.number").execute();
  return rows.map((r) => ({ id: r.id, number: String(r.number), amount: String(r.amount) }));
}

/** The fields a change corrects that differ from the method's (raw row: the account number is write-only, compared here only). */
function changesOf(method: Row, details: NonNullable<ReturnType<typeof correctedDetails>>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of ["routing", "account_number", "account_type", "account_name"] as const) {
    const to = details[key];
    if (to === undefined || to === "") continue;
    const from = (method[key] as string | null) ?? null;
    if (from === to) continue;
    changes.push(key === "account_number" ? { field: key, from: maskAccount(from), to: maskAccount(to) } : { field: key, from, to });
  }
  return changes;
}

/**
 * One entry judged against the database, and applied when `apply` (inside the caller's transaction,
 * the payment and method locked). A refusal of the transition is this entry's answer, never the file's.
 */
async function judge(trx: DB, ctx: Ctx, entry: BankEntry, apply: boolean): Promise<BankEntryResult> {
  const base: BankEntryResult = {
    line: entry.line, kind: entry.kind, code: entry.code, return_code: entry.kind === "return" ? entry.code : null, payment_id: null, payment_number: null, ...describe(entry), trace_number: entry.original_trace_number,
    individual_id: entry.individual_id, amount: entry.amount, result: "unmatched", message: null, payment: null, invoices: [], method: null, changes: [],
  };
  const match = await matchPayment(trx, ctx, entry);
  if ("unmatched" in match) return { ...base, message: match.unmatched };
  const payment = await paymentOf(trx, ctx, match.id, apply);
  const vendor = payment.vendor_id == null ? undefined
    : await trx.selectFrom("vendors").select("name").where("company_id", "=", ctx.company.id).where("id", "=", payment.vendor_id as number).executeTakeFirst();
  const matched: BankEntryResult = {
    ...base, payment_id: match.id, payment_number: String(payment.payment_number),
    payment: { id: match.id, payment_number: String(payment.payment_number), vendor_name: vendor ? String(vendor.name) : null, amount: String(payment.amount), currency_code: String(payment.currency_code), status: String(payment.status) },
  };
  return entry.kind === "return" ? judgeReturn(trx, ctx, entry, payment, matched, apply) : judgeChange(trx, ctx, entry, payment, matched, apply);
}

async function judgeReturn(trx: DB, ctx: Ctx, entry: BankEntry, payment: Row, matched: BankEntryResult, apply: boolean): Promise<BankEntryResult> {
  const status = String(payment.status);
  if (!/^R[0-9A-Z]{2}$/.test(entry.code)) return { ...matched, result: "refused", message: `${entry.code} is not a NACHA return reason code` };
  if (!money(String(payment.amount)).eq(entry.amount)) {
    return { ...matched, result: "refused", message: `the returned amount ${entry.amount} differs from the payment's ${String(payment.amount)}` };
  }
  if (status === "FAILED" && payment.return_code === entry.code) {
    return { ...matched, result: "unchanged", message: `Payment ${String(payment.payment_number)} was already returned with ${entry.code}: nothing changes.` };
  }
  if (!inFlight.includes(status)) return { ...matched, result: "refused", message: `Payment ${String(payment.payment_number)} is ${status}: only a payment sent to the bank and not yet cleared can be returned.` };
  const reopened = { ...matched, invoices: await invoicesOf(trx, ctx, payment.id as number) };
  if (!apply) return { ...reopened, result: "fail" };
  try {
    await failWithin(trx, ctx, payment, { return_code: entry.code, reason: matched.reason ?? entry.addenda_information });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 409 || error.status === 422)) return { ...reopened, result: "refused", message: error.message };
    throw error;
  }
  return { ...reopened, result: "failed" };
}

async function judgeChange(trx: DB, ctx: Ctx, entry: BankEntry, payment: Row, matched: BankEntryResult, apply: boolean): Promise<BankEntryResult> {
  const details = correctedDetails(entry.code, entry.corrected_data);
  if (!details) return { ...matched, result: "refused", message: `${entry.code} corrects nothing a payment method holds: tell the vendor and correct it by hand.` };
  if (payment.payment_method_id == null) return { ...matched, result: "refused", message: `Payment ${String(payment.payment_number)} names no vendor payment method to correct.` };
  let query = trx.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", payment.payment_method_id as number);
  if (apply) query = query.forUpdate();
  const method = (await query.executeTakeFirstOrThrow()) as Row;
  const withMethod = { ...matched, method: { id: method.id as number, name: String(method.name ?? ""), status: String(method.status) } };
  if (method.owner_type === "Company") return { ...withMethod, result: "refused", message: "The payment names one of the company's own accounts, not the vendor's." };
  const changes = changesOf(method, details);
  if (changes.length === 0) return { ...withMethod, result: "unchanged", message: `The method already holds the corrected details: nothing changes.` };
  if (!apply) return { ...withMethod, changes, result: "change" };
  const data = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== ""));
  try {
    const existing = (await findRow(paymentMethods, method.id, { ...ctx, db: trx }))!;
    const row = await updateInTransaction(paymentMethods, existing, data, { ...ctx, db: trx }, trx);
    return { ...withMethod, method: { ...withMethod.method, status: String(row.status) }, changes, result: "changed" };
  } catch (error) {
    if (error instanceof HttpError && (error.status === 409 || error.status === 422)) return { ...withMethod, changes, result: "refused", message: error.message };
    throw error;
  }
}

function parsed(body: unknown): ReturnType<typeof parseBankReturnFile> {
  const file = parseBankReturnFile(returnFileText(body));
  if (file.entries.length === 0) {
    throw unprocessable({ file_text: ["no returned entry or notification of change (an entry detail record with a type 99 or 98 addenda) was found", ...file.errors.map((e) => `line ${e.line}: ${e.message}`)] });
  }
  return file;
}

/** POST /api/nacha_payments/returns/preview: what each entry matches and would change; writes nothing. */
export async function previewBankFile(body: unknown, ctx: Ctx): Promise<BankFileAnswer> {
  const file = parsed(body);
  const entries: BankEntryResult[] = [];
  for (const entry of file.entries) entries.push(await judge(ctx.db, ctx, entry, false));
  return { entries, errors: file.errors };
}

/** POST /api/nacha_payments/returns: the whole file in one transaction. */
export async function applyBankFile(body: unknown, ctx: Ctx): Promise<BankFileAnswer> {
  const file = parsed(body);
  const entries = await inTransaction(ctx, async (trx, tctx) => {
    const results: BankEntryResult[] = [];
    for (const entry of file.entries) results.push(await judge(trx, tctx, entry, true));
    return results;
  });
  return { entries, errors: file.errors };
}
