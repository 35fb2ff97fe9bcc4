/**
 * Checks on stock (issue 31): the check numbers of check payments and the register they make.
 * - A number is issued per originating account (the next after the account's highest, from 1001),
 *   under the account's row lock (FOR UPDATE), so two printings never take one number; a unique
 *   index (company, account, number) is the second wall. A check payment without an originating
 *   account is drawn on the company's default one.
 * - Processing a run issues a number to each check payment it sends (the register and positive pay
 *   know the check before it is printed); printing a payment that has none issues one then.
 * - Reprint: the check is VOID ("reprinted as N") and the payment gets a new number; void: the
 *   check is VOID and its payment voided as POST /payments/{id}/void does (invoices reopened, journal
 *   reversed). A payment voided by its own action takes its check with it.
 */
import { sql } from "kysely";
import checks from "../../../../../resources/checks.js";
import { resourceByName } from "../../../../../resources/index.js";
import { isoDate } from "../../../../framework/dates.js";
import type { DB } from "../../../db/connect.js";
import { conflict } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { findRow } from "../../../resources/query.js";
import { audit } from "../../../resources/write.js";
import { voidWithin } from "../payment-transitions.js";

const payments = resourceByName.get("payments")!;
export const firstCheckNumber = 1001;

/** The originating account a check is drawn on: the payment's, else the company's default (then any) originating account. */
async function drawnOn(trx: DB, ctx: Ctx, fromId: number | null): Promise<number> {
  const rows = await trx.selectFrom("payment_methods").select(["id", "is_default"]).where("company_id", "=", ctx.company.id)
    .where("owner_type", "=", "Company").orderBy("id").execute();
  const row = rows.find((r) => r.id === fromId) ?? rows.find((r) => r.is_default) ?? rows[0];
  if (!row) throw conflict("The company has no originating bank account to draw checks on.");
  return row.id;
}

/** Issue the next check number of the payment's originating account to the payment (inside the caller's transaction). */
export async function issueCheck(trx: DB, ctx: Ctx, payment: Row, issueDate = isoDate()): Promise<Row> {
  const fromId = await drawnOn(trx, ctx, (payment.payment_method_from_id as number | null) ?? null);
  await trx.selectFrom("payment_methods").select("id").where("company_id", "=", ctx.company.id).where("id", "=", fromId).forUpdate().execute();
  const last = await trx.selectFrom("checks").select(sql<number | null>`max(check_number)`.as("n")).where("company_id", "=", ctx.company.id)
    .where("payment_method_from_id", "=", fromId).executeTakeFirst();
  const number = last?.n == null ? firstCheckNumber : Number(last.n) + 1;
  const vendor = payment.vendor_id == null ? undefined
    : await trx.selectFrom("vendors").select("name").where("company_id", "=", ctx.company.id).where("id", "=", payment.vendor_id as number).executeTakeFirst();
  const method = payment.payment_method_id == null ? undefined
    : await trx.selectFrom("payment_methods").select("account_name").where("company_id", "=", ctx.company.id).where("id", "=", payment.payment_method_id as number).executeTakeFirst();
  const row = (await trx.insertInto("checks").values({
    company_id: ctx.company.id, check_number: number, payment_id: payment.id as number, payment_method_from_id: fromId, vendor_id: (payment.vendor_id as number | null) ?? null,
    payee_name: String(method?.account_name ?? vendor?.name ?? ""), amount: String(payment.amount), currency_code: String(payment.currency_code), issue_date: issueDate, status: "ISSUED",
  }).returningAll().executeTakeFirstOrThrow()) as Row;
  await audit(trx, ctx, "create", checks, row.id as number, { check_number: number, payment_id: payment.id });
  return row;
}

/** The payment's ISSUED check, if any. */
export async function issuedCheckOf(db: DB, ctx: Ctx, paymentId: number): Promise<Row | undefined> {
  return (await db.selectFrom("checks").selectAll().where("company_id", "=", ctx.company.id).where("payment_id", "=", paymentId)
    .where("status", "=", "ISSUED").orderBy("id", "desc").executeTakeFirst()) as Row | undefined;
}

/** Processing: each check payment of the run that was sent gets its number, dated the payment date. */
export async function issueRunChecks(trx: DB, ctx: Ctx, runId: number): Promise<void> {
  const sent = await trx.selectFrom("payments").selectAll().where("company_id", "=", ctx.company.id).where("payment_run_id", "=", runId)
    .where("record_type", "=", "DEBIT").where("payment_type", "=", "check").where("status", "=", "PROCESSING").orderBy("id").execute();
  for (const payment of sent as Row[]) {
    if (!(await issuedCheckOf(trx, ctx, payment.id as number))) await issueCheck(trx, ctx, payment, String(payment.payment_date));
  }
}

async function voidCheck(trx: DB, ctx: Ctx, check: Row, reason: string, replacedBy: number | null = null): Promise<void> {
  const values = { status: "VOID", void_date: isoDate(), void_reason: reason, replaced_by_id: replacedBy, updated_at: new Date() };
  await trx.updateTable("checks").set(values).where("company_id", "=", ctx.company.id).where("id", "=", check.id as number).execute();
  await audit(trx, ctx, "update", checks, check.id as number, { status: [check.status, "VOID"], void_reason: [null, reason] });
}

/** POST /api/checks/{id}/reprint: the check (locked, ISSUED) is voided and its payment gets the next number. */
export async function reprintCheck(ctx: Ctx, check: Row): Promise<number> {
  const payment = await findRow(payments, check.payment_id, ctx, true);
  if (!payment || !["PROCESSING", "PROCESSING (REISSUED)"].includes(String(payment.status))) {
    throw conflict(`Check ${String(check.check_number)} pays payment ${String(payment?.payment_number ?? check.payment_id)}, which is ${String(payment?.status ?? "gone")}: only a check still out can be reprinted.`);
  }
  const fresh = await issueCheck(ctx.db, ctx, payment);
  await voidCheck(ctx.db, ctx, check, `Reprinted as check ${String(fresh.check_number)}`, fresh.id as number);
  return fresh.id as number;
}

/** POST /api/checks/{id}/void: the check (locked, ISSUED) and its payment are voided. */
export async function voidCheckAndPayment(ctx: Ctx, check: Row): Promise<void> {
  const payment = await findRow(payments, check.payment_id, ctx, true);
  if (payment && ["PROCESSING", "PROCESSING (REISSUED)"].includes(String(payment.status))) await voidWithin(ctx.db, ctx, payment, {});
  await voidCheck(ctx.db, ctx, check, "Voided");
}

/** A payment voided (or failed) by its own action: its check is void too, so positive pay tells the bank. */
export async function voidChecksOfPayment(trx: DB, ctx: Ctx, paymentId: number, reason: string): Promise<void> {
  const issued = await trx.selectFrom("checks").selectAll().where("company_id", "=", ctx.company.id).where("payment_id", "=", paymentId).where("status", "=", "ISSUED").forUpdate().execute();
  for (const check of issued as Row[]) await voidCheck(trx, ctx, check, reason);
}
