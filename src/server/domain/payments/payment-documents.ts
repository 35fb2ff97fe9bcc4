/**
 * What a sent payment gives the people around it: a printable check with its remittance stub
 * (check payments), a check register of a run (CSV), payment instructions for the bank (wire,
 * international, SEPA), and the remittance advice for the vendor's primary contact.
 * All read-only; the payment is read through the payments resource (company scope, DEBIT/DISCOUNT).
 */
import { toCsv } from "../../../framework/csv.js";
import { sql } from "kysely";
import { resourceByName } from "../../../../resources/index.js";
import { formatDate } from "../../../framework/dates.js";
import { formatMoney } from "../../../framework/money.js";
import { conflict, notFound } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { audit } from "../../resources/write.js";

const payments = resourceByName.get("payments")!;
const paymentRuns = resourceByName.get("payment_runs")!;

/** Payment types whose money goes by bank transfer with instructions. */
export const instructedTypes = ["wire", "international", "sepa"] as const;

export interface PaidInvoice {
  number: string;
  date: string;
  amount: string;
}

export interface PaymentDetails {
  payment: Row;
  vendor: { id: number; name: string };
  /** where the money goes (the vendor's payment method), and where it comes from */
  method: Row | null;
  from: Row | null;
  invoices: PaidInvoice[];
}

async function methodOf(ctx: Ctx, id: unknown): Promise<Row | null> {
  if (id == null) return null;
  return ((await ctx.db.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", id as number).executeTakeFirst()) as Row | undefined) ?? null;
}

/** A payment of the company with its vendor, methods and paid invoices; 404 outside the company. */
export async function paymentDetails(ctx: Ctx, id: unknown): Promise<PaymentDetails> {
  const payment = await findRow(payments, id, ctx);
  if (!payment) throw notFound();
  const vendor = await ctx.db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", ctx.company.id).where("id", "=", payment.vendor_id as number).executeTakeFirstOrThrow();
  const invoices = await ctx.db.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["i.number", sql<string>`i.date::text`.as("date"), sql<string>`l.amount::text`.as("amount")])
    .where("l.company_id", "=", ctx.company.id).where("l.payment_id", "=", payment.id as number).orderBy("i.number").execute();
  return {
    payment, vendor: { id: vendor.id, name: String(vendor.name) },
    method: await methodOf(ctx, payment.payment_method_id), from: await methodOf(ctx, payment.payment_method_from_id),
    invoices: invoices.map((i) => ({ number: String(i.number), date: String(i.date), amount: String(i.amount) })),
  };
}

const dateOf = (ctx: Ctx, value: unknown) => formatDate(String(value), ctx.company.company_date_format);
const amountOf = (payment: Row) => formatMoney(String(payment.amount), String(payment.currency_code));

function requireType(details: PaymentDetails, types: readonly string[], what: string): void {
  const type = String(details.payment.payment_type);
  if (!types.includes(type)) throw conflict(`Payment ${String(details.payment.payment_number)} is paid by ${type}: ${what} is for ${types.join(", ")} payments`);
}

// the check PDF on check stock, with its MICR line: bank-files/check-stock.ts (printed by bank-files/check-print.ts)

/** GET /api/payment_runs/{id}/check_register: the run's check payments as CSV. */
export async function checkRegisterCsv(ctx: Ctx, runId: unknown): Promise<{ number: string; csv: string }> {
  const run = await findRow(paymentRuns, runId, ctx);
  if (!run) throw notFound();
  const rows = await ctx.db.selectFrom("payments as p").innerJoin("vendors as v", "v.id", "p.vendor_id")
    .select(["p.payment_number", sql<string>`p.payment_date::text`.as("payment_date"), "v.name", sql<string>`p.amount::text`.as("amount"), "p.currency_code", "p.status"])
    .where("p.company_id", "=", ctx.company.id).where("p.payment_run_id", "=", run.id as number).where("p.payment_type", "=", "check")
    .where("p.record_type", "=", "DEBIT").orderBy("p.payment_number").execute();
  const csv = toCsv(["Check number", "Date", "Payee", "Amount", "Currency", "Status"],
    rows.map((r) => [String(r.payment_number), dateOf(ctx, r.payment_date), String(r.name), String(r.amount), String(r.currency_code), String(r.status)]));
  return { number: String(run.number), csv };
}

/**
 * GET /api/payments/{id}/instructions: what the bank needs to send a wire, international or SEPA
 * payment, the beneficiary's account number and IBAN in full (only for who may pay: resources/payments.ts).
 */
function paymentInstructions(details: PaymentDetails): Row {
  requireType(details, instructedTypes, "payment instructions");
  const { payment, vendor, method, from, invoices } = details;
  return {
    payment_id: payment.id, payment_number: payment.payment_number, payment_type: payment.payment_type, payment_date: payment.payment_date,
    beneficiary: method?.account_name ?? vendor.name,
    iban: method?.iban ?? null,
    // a bank cannot execute a masked number: the one place a stored account number is returned in
    // full (write-only elsewhere), behind the pay keys of the `instructions` action
    account_number: method?.account_number ?? null,
    routing: method?.routing ?? null,
    bic: method?.bic ?? null,
    bank_name: method?.bank_name ?? null,
    bank_country: method?.country ?? null,
    amount: payment.amount,
    currency_code: payment.currency_code,
    reference: invoices.map((i) => i.number).join(", ") || String(payment.payment_number),
    originating_account: from ? { name: from.name, bank_name: from.bank_name, iban: from.iban ?? null, bic: from.bic ?? null } : null,
  };
}

/** The instructions, their view audited: the full account number left the system, so who saw it, and when, is history. */
export async function viewPaymentInstructions(ctx: Ctx, id: unknown): Promise<Row> {
  const instructions = paymentInstructions(await paymentDetails(ctx, id));
  await audit(ctx.db, ctx, "view", payments, instructions.payment_id as number, { document: "payment instructions" });
  return instructions;
}

export interface RemittanceAdvice {
  /** the vendor's primary contact, null when the vendor has none with an e-mail */
  to: string | null;
  subject: string;
  text: string;
}

/** The vendor's primary contacts (vendor role PRIMARY) with an e-mail: vendor id → the first one's address. */
export async function primaryEmails(ctx: Ctx, vendorIds: readonly number[]): Promise<Map<number, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await ctx.db.selectFrom("contacts").select(["vendor_id", "email"]).where("company_id", "=", ctx.company.id).where("vendor_id", "in", [...vendorIds])
    .where("contact_type", "=", "VENDOR").where("email", "is not", null).where(sql<boolean>`'PRIMARY' = any(vendor_roles)`).orderBy("id").execute();
  const emails = new Map<number, string>();
  for (const row of rows) if (!emails.has(row.vendor_id as number)) emails.set(row.vendor_id as number, String(row.email));
  return emails;
}

/** The remittance advice of a payment for `to` (the vendor's primary contact), as plain text. */
export function remittanceOf(ctx: Ctx, details: Pick<PaymentDetails, "payment" | "vendor" | "invoices">, to: string | null): RemittanceAdvice {
  const { payment, vendor, invoices } = details;
  const currency = String(payment.currency_code);
  const lines = [
    `Dear ${vendor.name},`,
    "",
    `${ctx.company.name} has sent you payment ${String(payment.payment_number)} of ${amountOf(payment)} on ${dateOf(ctx, payment.payment_date)}${payment.payment_type ? ` by ${String(payment.payment_type)}` : ""}.`,
    "",
    "It pays these invoices:",
    ...invoices.map((i) => `  ${i.number} (${dateOf(ctx, i.date)}): ${formatMoney(i.amount, currency)}`),
    "",
    `Total: ${amountOf(payment)}`,
  ];
  return { to, subject: `Remittance advice: payment ${String(payment.payment_number)} from ${ctx.company.name}`, text: lines.join("\n") };
}

/** The remittance advice for the vendor's primary contact (vendor role PRIMARY), as plain text. */
export async function remittanceAdvice(ctx: Ctx, details: PaymentDetails): Promise<RemittanceAdvice> {
  return remittanceOf(ctx, details, (await primaryEmails(ctx, [details.vendor.id])).get(details.vendor.id) ?? null);
}
