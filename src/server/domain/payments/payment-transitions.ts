/**
 * What happens to a payment after it was sent (data-spec 4 "Payment"), each transition one
 * transaction with audit rows (a declared action of payments), the payment locked FOR UPDATE first, then its invoices, then its run:
 * - clear:   PROCESSING → CLEARED, PROCESSING (REISSUED) → CLEARED (REISSUED);
 * - fail:    PROCESSING or PROCESSING (REISSUED) → FAILED with the bank's R-code: balances reopened,
 *            the payment's journal entry reversed;
 * - void:    PENDING / APPROVED outside a run → VOID (the reservation released); PROCESSING (REISSUED)
 *            or PROCESSING → VOID (balances reopened, journal reversed); a CLEARED payment only as
 *            refunded (`refunded: true`) → VOID (REFUNDED), reopened and reversed the same way;
 * - reissue: VOID or FAILED → a new payment PROCESSING (REISSUED) for the same invoices and amounts,
 *            settling them again (409 when an invoice's open balance no longer covers it), posted;
 *            an ACH reissue is written into its own NACHA file (nacha_payments NEW), else no money would move.
 * After each, the payment's run is CLOSED when all its payments are final, OPEN again when not.
 */
import { earliestPaymentDate } from "../../../framework/business-days.js";
import { isoDate } from "../../../framework/dates.js";
import { resourceByName } from "../../../../resources/index.js";
import { type DB, untyped } from "../../db/connect.js";
import { conflict, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ActionHandler } from "../../resources/modules.js";
import { audit } from "../../resources/write.js";
import { moveInvoiceBalances } from "../payables/invoice-balances.js";
import { postPayment, reversePayment } from "../ledger/ledger.js";
import { achPaymentOf, achSourceColumns, storeNachaFiles, type AchSource } from "./runs/nacha-files.js";
import { refuseUnapprovedDestinations } from "./payment-destinations.js";

const payments = resourceByName.get("payments")!;
const paymentRuns = resourceByName.get("payment_runs")!;

/** Statuses after which nothing more happens to a payment (a run closes when all its payments have one). */
export const finalStatuses = ["CLEARED", "CLEARED (REISSUED)", "FAILED", "VOID", "VOID (REFUNDED)", "REJECTED"] as const;
const inFlight = ["PROCESSING", "PROCESSING (REISSUED)"];
const scheduled = ["PENDING", "APPROVED"];
const cleared = ["CLEARED", "CLEARED (REISSUED)"];
const reissuable = ["VOID", "FAILED"];

export type Transition = "clear" | "fail" | "void" | "reissue";

interface Link {
  invoice_id: number;
  amount: string;
}

interface Locked {
  trx: DB;
  ctx: Ctx;
  payment: Row;
  links: Link[];
  today: string;
}


async function linksOf(trx: DB, ctx: Ctx, paymentId: number): Promise<Link[]> {
  const rows = await trx.selectFrom("invoice_payment_links").select(["invoice_id", "amount"])
    .where("company_id", "=", ctx.company.id).where("payment_id", "=", paymentId).orderBy("invoice_id").execute();
  return rows.map((r) => ({ invoice_id: r.invoice_id, amount: String(r.amount) }));
}

const ledgerPayment = (payment: Row) => ({ id: payment.id as number, payment_number: String(payment.payment_number) });

async function setPayment(locked: Locked, values: Row): Promise<void> {
  const { trx, ctx, payment } = locked;
  await trx.updateTable("payments").set({ ...values, updated_at: new Date() }).where("id", "=", payment.id as number).execute();
  const changes = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [payment[k] ?? null, v]]));
  await audit(trx, ctx, "update", payments, payment.id as number, changes);
}

/**
 * A processed run (OPEN) is CLOSED once every payment of it is final, and OPEN again when a payment
 * of a CLOSED run is in flight again (a reissue). Runs in other statuses are left alone.
 */
export async function settleRunStatus(trx: DB, ctx: Ctx, runId: number | null): Promise<void> {
  if (runId == null) return;
  const run = await trx.selectFrom("payment_runs").select(["id", "status"]).where("company_id", "=", ctx.company.id).where("id", "=", runId).forUpdate().executeTakeFirst();
  if (!run || !["OPEN", "CLOSED"].includes(String(run.status))) return;
  const open = await trx.selectFrom("payments").select("id").where("company_id", "=", ctx.company.id).where("payment_run_id", "=", runId)
    .where("status", "not in", finalStatuses).limit(1).executeTakeFirst();
  const status = open ? "OPEN" : "CLOSED";
  if (status === run.status) return;
  await trx.updateTable("payment_runs").set({ status, updated_at: new Date() }).where("id", "=", runId).execute();
  await audit(trx, ctx, "update", paymentRuns, runId, { status: [run.status, status] });
}

function refuse(payment: Row, transition: Transition): never {
  throw conflict(`Payment ${String(payment.payment_number)} is ${String(payment.status)}: it cannot be ${transition === "clear" ? "cleared" : transition === "fail" ? "failed" : transition === "void" ? "voided" : "reissued"}`);
}

async function clear(locked: Locked): Promise<void> {
  const { payment } = locked;
  if (!inFlight.includes(String(payment.status))) refuse(payment, "clear");
  await setPayment(locked, { status: payment.status === "PROCESSING" ? "CLEARED" : "CLEARED (REISSUED)" });
}

/** The body of /fail: `{ return_code: "R01", reason? }`. */
function returnOf(body: Row): { return_code: string; return_reason: string | null } {
  const code = typeof body.return_code === "string" ? body.return_code.trim().toUpperCase() : "";
  if (!/^R[0-9A-Z]{2}$/.test(code)) throw unprocessable({ return_code: ["must be a NACHA return reason code such as R01"] });
  const reason = typeof body.reason === "string" && body.reason.trim() ? body.reason.trim().slice(0, 500) : null;
  return { return_code: code, return_reason: reason };
}

async function fail(locked: Locked, body: Row): Promise<void> {
  const { trx, ctx, payment, links, today } = locked;
  const returned = returnOf(body);
  if (!inFlight.includes(String(payment.status))) refuse(payment, "fail");
  await moveInvoiceBalances(trx, ctx, links, "reopen");
  await reversePayment(trx, ctx.company.id, ledgerPayment(payment), today, `Return ${returned.return_code}`);
  await setPayment(locked, { status: "FAILED", ...returned });
}

async function voidPayment(locked: Locked, body: Row): Promise<void> {
  const { trx, ctx, payment, links, today } = locked;
  const status = String(payment.status);
  if (scheduled.includes(status)) {
    if (payment.payment_run_id != null) throw conflict(`Payment ${String(payment.payment_number)} belongs to a payment run: exclude it from the run instead`);
    await moveInvoiceBalances(trx, ctx, links, "release");
    // its approval is moot: no approver should still be asked
    await trx.deleteFrom("approvals").where("company_id", "=", ctx.company.id).where("approvable_type", "=", "Payment")
      .where("approvable_id", "=", payment.id as number).where("aasm_state", "=", "pending").execute();
    await setPayment(locked, { status: "VOID" });
    return;
  }
  const refunded = body.refunded === true;
  if (cleared.includes(status) && !refunded) throw conflict(`Payment ${String(payment.payment_number)} has cleared: it can only be voided as refunded`);
  if (!inFlight.includes(status) && !cleared.includes(status)) refuse(payment, "void");
  await moveInvoiceBalances(trx, ctx, links, "reopen");
  await reversePayment(trx, ctx.company.id, ledgerPayment(payment), today, refunded ? "Refund" : "Void");
  await setPayment(locked, { status: refunded ? "VOID (REFUNDED)" : "VOID" });
}

/** Reissue: returns the new payment's id. */
async function reissue(locked: Locked): Promise<number> {
  const { trx, ctx, payment, links, today } = locked;
  if (!reissuable.includes(String(payment.status))) refuse(payment, "reissue");
  const earlier = await trx.selectFrom("payments").select("payment_number").where("company_id", "=", ctx.company.id)
    .where("reissue_of_id", "=", payment.id as number).executeTakeFirst();
  if (earlier) throw conflict(`Payment ${String(payment.payment_number)} has already been reissued as ${String(earlier.payment_number)}`);
  if (links.length === 0) throw conflict(`Payment ${String(payment.payment_number)} pays no invoice: there is nothing to reissue`);
  await refuseUnapprovedDestinations(trx, ctx, [payment.id as number]);
  await moveInvoiceBalances(trx, ctx, links, "settle");
  // the reissue sends the same money: it keeps the original's rate, so its entry mirrors the reversed one
  const copied = ["vendor_id", "amount", "currency_code", "exchange_rate", "payment_type", "record_type", "payment_run_id", "payment_method_id", "payment_method_from_id",
    "subsidiary_id", "reference_number", "description", "project_name", "posting_period_name"];
  // the new payment goes out on the first business day the bank can still take (the cut-off rule), like a run
  const paymentDate = earliestPaymentDate();
  const values: Row = {
    ...Object.fromEntries(copied.map((k) => [k, payment[k] ?? null])),
    company_id: ctx.company.id, payment_number: `${String(payment.payment_number)}-R`, payment_date: paymentDate, submit_date: today,
    balance: "0.00", status: "PROCESSING (REISSUED)", reissue_of_id: payment.id, submitter_id: ctx.contact.id,
  };
  const created = await untyped(trx).insertInto("payments").values(values).returningAll().executeTakeFirstOrThrow();
  await trx.insertInto("invoice_payment_links").values(links.map((l) => ({ company_id: ctx.company.id, payment_id: created.id, invoice_id: l.invoice_id, amount: l.amount }))).execute();
  await postPayment(trx, ctx.company.id, { ...ledgerPayment(created), payment_date: paymentDate, amount: String(created.amount),
    currency_code: String(created.currency_code), exchange_rate: String(created.exchange_rate), payment_method_from_id: (created.payment_method_from_id as number | null) ?? null });
  if (created.payment_type === "ach") values.trace_number = await sendAch(locked, created);
  await audit(trx, ctx, "create", payments, created.id as number, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [null, v]])));
  return created.id as number;
}

/**
 * The reissued ACH payment's NACHA file, as processing writes them (one per originating account and
 * date, linked to the payment's run); the payment keeps its trace number. Returns the trace number.
 */
async function sendAch(locked: Locked, created: Row): Promise<string> {
  const { trx, ctx } = locked;
  if (created.payment_method_from_id == null) throw conflict(`Payment ${String(created.payment_number)} has no originating account to send its ACH entry from`);
  const source = await trx.selectFrom("payments as p").innerJoin("vendors as v", "v.id", "p.vendor_id").leftJoin("payment_methods as m", "m.id", "p.payment_method_id")
    .select([...achSourceColumns]).where("p.company_id", "=", ctx.company.id).where("p.id", "=", created.id as number).executeTakeFirstOrThrow() as AchSource;
  const numbers = await trx.selectFrom("invoices").select("number").where("company_id", "=", ctx.company.id)
    .where("id", "in", locked.links.map((l) => l.invoice_id)).orderBy("number").execute();
  const ach = achPaymentOf(source, String(created.payment_number), numbers.map((n) => String(n.number)));
  const traces = await storeNachaFiles(trx, ctx, { runId: (created.payment_run_id as number | null) ?? null, currencyCode: String(created.currency_code) }, [ach], new Date());
  const trace = traces.get(created.id as number)!;
  await trx.updateTable("payments").set({ trace_number: trace }).where("id", "=", created.id as number).execute();
  return trace;
}

async function run(kind: Transition, trx: DB, ctx: Ctx, payment: Row, body: Row): Promise<number> {
  const locked: Locked = { trx, ctx, payment, links: await linksOf(trx, ctx, payment.id as number), today: isoDate() };
  let shown = payment.id as number;
  if (kind === "clear") await clear(locked);
  else if (kind === "fail") await fail(locked, body);
  else if (kind === "void") await voidPayment(locked, body);
  else shown = await reissue(locked);
  await settleRunStatus(trx, ctx, payment.payment_run_id as number | null);
  return shown;
}

/**
 * The handler of POST /api/payments/{id}/{clear|fail|void|reissue} (payments.server.ts): the payment,
 * found in the resource's scope (record_type DEBIT/DISCOUNT, company) and locked by the framework,
 * moves on in the action's transaction; the answer shows the new payment of a reissue (201).
 */
export const transitionAction = (kind: Transition): ActionHandler => async ({ row, input, ctx }) => {
  const shown = await run(kind, ctx.db, ctx, row, input);
  return { show: shown, status: kind === "reissue" ? 201 : 200 };
};

/** Fail one payment, locked by the caller, inside the caller's transaction (the NACHA return import): the rules of /fail. */
export async function failWithin(trx: DB, ctx: Ctx, payment: Row, body: Row): Promise<void> {
  await run("fail", trx, ctx, payment, body);
}

/** Void one payment, locked by the caller, inside the caller's transaction (a check voided after printing): the rules of /void. */
export async function voidWithin(trx: DB, ctx: Ctx, payment: Row, body: Row): Promise<void> {
  await run("void", trx, ctx, payment, body);
}
