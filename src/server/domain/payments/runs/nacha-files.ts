/**
 * The NACHA files of ACH payments (a processed run's, or a reissued payment's): one per originating
 * account + payment date, its payments in two batches at most — CCD for business vendors, PPD for
 * individuals (vendor_type EMPLOYEE, and employees reimbursed for expenses) — with the invoice (or
 * expense report) numbers in the addenda; stored as
 * nacha_payments (NEW). Returns each payment's trace number.
 */
import { money } from "../../../../framework/money.js";
import { resourceByName } from "../../../../../resources/index.js";
import { insertRows } from "../../../db/bulk.js";
import type { DB } from "../../../db/connect.js";
import { conflict, unprocessable } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { auditMany } from "../../../resources/write.js";
import { writeNacha, type NachaBatch, type NachaEntry } from "../nacha.js";
import { anyId } from "./ids.js";
import { advanceCounter, issueNumbers } from "../../ledger/numbers.js";
import { sql } from "kysely";

export interface AchPayment {
  id: number;
  payment_number: string;
  amount: string;
  payment_date: string;
  payment_method_from_id: number;
  vendor_name: string;
  vendor_type: string;
  routing: string | null;
  account_number: string | null;
  account_type: string;
  invoice_numbers: string[];
}

/** A payment row joined with its vendor (name, vendor_type) and vendor method (routing, account_number, account_type). */
export interface AchSource extends Row {
  id: number;
  amount: string;
  payment_date: string;
  payment_method_from_id: number;
}

const achPaymentColumns = ["p.id", "p.amount", "p.payment_type", "p.payment_method_from_id", "p.vendor_id", "p.payment_date", "m.routing", "m.account_number", "m.account_type"] as const;

/** The columns of `AchSource` from payments `p`, vendors `v` and the vendor's payment method `m`. */
export const achSourceColumns = [...achPaymentColumns, "v.name as vendor_name", "v.vendor_type"] as const;

/**
 * Payments `p` with their payee — a vendor, or an employee reimbursed for expenses (named by the
 * contact, vendor_type EMPLOYEE: a PPD entry) — and the payee's payment method `m`, as `AchSource`.
 */
export const paymentsWithPayee = (trx: DB) => trx.selectFrom("payments as p").leftJoin("vendors as v", "v.id", "p.vendor_id")
  .leftJoin("contacts as e", "e.id", "p.employee_contact_id").leftJoin("payment_methods as m", "m.id", "p.payment_method_id")
  .select([...achPaymentColumns, "p.employee_contact_id", sql<string>`coalesce(v.name, concat_ws(' ', e.first_name, e.last_name))`.as("vendor_name"),
    sql<string>`coalesce(v.vendor_type, 'EMPLOYEE')`.as("vendor_type"), "v.status as vendor_status", "m.status as method_status", "m.name as method_name"]);

export function achPaymentOf(p: AchSource, paymentNumber: string, invoiceNumbers: string[]): AchPayment {
  return {
    id: p.id, payment_number: paymentNumber, amount: money(p.amount).toFixed(2), payment_date: String(p.payment_date), payment_method_from_id: p.payment_method_from_id,
    vendor_name: String(p.vendor_name), vendor_type: String(p.vendor_type), routing: (p.routing as string | null) ?? null,
    account_number: (p.account_number as string | null) ?? null, account_type: String(p.account_type ?? "checking"), invoice_numbers: invoiceNumbers,
  };
}

export interface BuiltFile {
  from: Row;
  payment_date: string;
  content: string;
  entry_count: number;
  amount_cents: bigint;
  /** payment id → trace number */
  traces: Map<number, string>;
}

/** The "company entry description" of the batch header (10 characters). */
const entryDescription = "VENDOR PAY";
const nachaPayments = resourceByName.get("nacha_payments")!;
const originFields = ["immediate_destination", "immediate_origin", "nacha_company_id", "nacha_company_name"];

const secOf = (vendorType: string): NachaBatch["sec"] => (vendorType === "EMPLOYEE" ? "PPD" : "CCD");

/** The payments of each file: one per originating account + payment date. */
function fileGroups(payments: readonly AchPayment[]): AchPayment[][] {
  const groups = new Map<string, AchPayment[]>();
  for (const p of payments) {
    const key = `${p.payment_method_from_id}|${p.payment_date}`;
    const group = groups.get(key) ?? [];
    group.push(p);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * `fileIdModifiers[n]` is the File ID Modifier of the n-th file (of fileGroups' order); the entries'
 * trace sequences run on from `firstTrace`, file after file, so trace numbers do not repeat.
 */
export function nachaFiles(payments: readonly AchPayment[], fromAccounts: ReadonlyMap<number, Row>, now: Date, fileIdModifiers: readonly string[], firstTrace = 1): BuiltFile[] {
  let traceStart = firstTrace;
  return fileGroups(payments).map((group, n) => {
    const from = fromAccounts.get(group[0].payment_method_from_id)!;
    const missing = originFields.filter((f) => !from[f]);
    if (missing.length) throw unprocessable({ payment_method_from_id: [`originating account ${String(from.name ?? from.id)} lacks ${missing.join(", ")} for a NACHA file`] });
    for (const p of group) {
      if (!p.routing || !p.account_number) throw unprocessable({ base: [`payment ${p.payment_number}: the vendor's ACH method lacks a routing or account number`] });
    }
    const order: AchPayment[] = [];
    const batches: NachaBatch[] = (["CCD", "PPD"] as const).map((sec) => {
      const own = group.filter((p) => secOf(p.vendor_type) === sec);
      order.push(...own);
      return {
        sec, company_name: String(from.nacha_company_name), company_id: String(from.nacha_company_id), entry_description: entryDescription, effective_date: group[0].payment_date,
        entries: own.map((p): NachaEntry => ({
          routing: p.routing!, account_number: p.account_number!, account_type: p.account_type === "savings" ? "savings" : "checking", amount: p.amount,
          id_number: p.payment_number, name: p.vendor_name, invoice_numbers: p.invoice_numbers,
        })),
      };
    }).filter((b) => b.entries.length > 0);
    const written = writeNacha({
      immediate_destination: String(from.immediate_destination), immediate_origin: String(from.immediate_origin),
      destination_name: String(from.bank_name ?? ""), origin_name: String(from.account_name ?? from.nacha_company_name), created_at: now, batches,
      file_id_modifier: fileIdModifiers[n], trace_sequence_start: traceStart,
    });
    const traces = written.traceNumbers.flat();
    traceStart += traces.length;
    return {
      from, payment_date: group[0].payment_date, content: written.content, entry_count: written.entryCount, amount_cents: written.totalCreditCents,
      traces: new Map(order.map((p, i) => [p.id, traces[i]])),
    };
  });
}

/** The File ID Modifiers (A–Z, then 0–9) a bank accepts: the 37th file of a day would repeat a header. */
const modifierAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * One File ID Modifier per file, so that no two files of an originating company (immediate_origin)
 * share a header on one day: a counter per origin and day (numbers.ts), whose first use counts the
 * company's files of that origin already written that day.
 */
async function fileIdModifiers(trx: DB, ctx: Ctx, origins: readonly Row[], now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  const modifiers: string[] = [];
  const byOrigin = new Map<string, number[]>();
  origins.forEach((from, n) => byOrigin.set(String(from.immediate_origin), [...(byOrigin.get(String(from.immediate_origin)) ?? []), n]));
  for (const [origin, files] of byOrigin) {
    const written = async () => {
      const row = await trx.selectFrom("nacha_payments as f").innerJoin("payment_methods as m", "m.id", "f.payment_method_from_id")
        .select((eb) => eb.fn.countAll().as("n")).where("f.company_id", "=", ctx.company.id).where("m.immediate_origin", "=", origin)
        .where(sql<boolean>`(f.created_at at time zone 'UTC')::date = ${day}::date`).executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const first = await advanceCounter(trx, ctx.company.id, `nacha_file_id_modifier.${origin}.${day}`, files.length, written);
    if (first + files.length - 1 > modifierAlphabet.length) {
      throw conflict(`Originating company ${origin} already sent ${modifierAlphabet.length} NACHA files today (File ID Modifiers A–Z and 0–9): send the rest tomorrow.`);
    }
    files.forEach((file, i) => (modifiers[file] = modifierAlphabet[first - 1 + i]));
  }
  return modifiers;
}

/**
 * Write the files of these ACH payments and store each as a nacha_payments row (NEW), linked to the
 * run (and its batch of the originating account) when the payments belong to one. Inside the
 * caller's transaction. Returns payment id → trace number.
 */
export async function storeNachaFiles(trx: DB, ctx: Ctx, target: { runId: number | null; currencyCode: string }, ach: readonly AchPayment[], now: Date): Promise<Map<number, string>> {
  if (ach.length === 0) return new Map();
  const fromIds = [...new Set(ach.map((p) => p.payment_method_from_id))];
  const from = await trx.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where(anyId("id", fromIds)).execute();
  const fromAccounts = new Map(from.map((f) => [f.id, f as Row]));
  const modifiers = await fileIdModifiers(trx, ctx, fileGroups(ach).map((g) => fromAccounts.get(g[0].payment_method_from_id)!), now);
  // one trace sequence per company, so that a return's trace number names one payment; it starts above earlier data's
  const firstTrace = await advanceCounter(trx, ctx.company.id, "nacha_trace_sequence", ach.length, async () => {
    const row = await trx.selectFrom("payments").select(sql<string | number | null>`max(cast(right(trace_number, 7) as integer))`.as("n"))
      .where("company_id", "=", ctx.company.id).where("trace_number", "~", "^[0-9]{15}$").executeTakeFirst();
    return Number(row?.n ?? 0);
  });
  const files = nachaFiles(ach, fromAccounts, now, modifiers, firstTrace);
  const numbers = await issueNumbers(trx, "nacha_payments", "number", ctx.company.id, "NACHA", files.length);
  const batches = target.runId == null ? [] : await trx.selectFrom("payment_run_batches as b").innerJoin("payment_run_items as i", "i.payment_run_batch_id", "b.id")
    .select(["b.batch_number", "i.payment_method_from_id"]).distinct().where("b.company_id", "=", ctx.company.id).where("b.payment_run_id", "=", target.runId).execute();
  const rows = files.map((file, n): Row => ({
    company_id: ctx.company.id, number: numbers[n], batch_number: batches.find((b) => b.payment_method_from_id === file.from.id)?.batch_number ?? null,
    amount: money(String(file.amount_cents)).dividedBy(100).toFixed(2), currency_code: target.currencyCode, status: "NEW", submitted_at: now,
    payment_run_id: target.runId, payment_method_from_id: file.from.id, entry_count: file.entry_count, payment_date: file.payment_date,
    file_name: `${numbers[n]}-${file.payment_date}.txt`, content: file.content,
  }));
  const inserted = await insertRows(trx, "nacha_payments", rows);
  // the file itself is filtered from the audit (content is write-only)
  await auditMany(trx, ctx, "create", nachaPayments, inserted.map((r, n) => ({ id: r.id as number, changes: Object.fromEntries(Object.entries(rows[n]).map(([k, v]) => [k, [null, v]])) })));
  return new Map(files.flatMap((f) => [...f.traces]));
}
