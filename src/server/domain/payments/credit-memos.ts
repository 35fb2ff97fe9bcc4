/**
 * Entering vendor credits (credit memos) and what happens to one besides being applied (credits.ts):
 * - created in the drafts (DRAFT), the inbox (NEW) or complete through POST /api/vendor_credits
 *   (PENDING: its CreditMemo chain starts at once), always record_type CREDIT with balance = amount;
 * - its GL coding (debit_entries), when given, adds up to its amount (its approval credits those accounts);
 * - voided while nothing is applied or refunded: VOID, and what its approval posted is reversed;
 * - refunded by the vendor: a credit_refunds row, the balance lowered, the refund posted.
 * The balance never goes below zero: checked here under the row lock and by a CHECK constraint.
 */
import { isoDate } from "../../../framework/dates.js";
import { money, round, sum } from "../../../framework/money.js";
import vendorCredits from "../../../../resources/vendor_credits.js";
import type { DB } from "../../db/connect.js";
import { conflict, unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { audit } from "../../resources/write.js";
import { postCreditRefund, type CreditForLedger } from "../ledger/credit-memo-ledger.js";
import { reversePayment } from "../ledger/ledger.js";
import { paymentHooks } from "./payments.js";

interface CodingLine { account_number: string; amount: string }

/** A positive amount with at most two decimals, as a decimal string; undefined when not one. */
export function positiveAmount(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(String(value).trim())) return undefined;
  const amount = money(String(value).trim());
  return amount.gt(0) ? round(amount) : undefined;
}

/** The credit's own checks on its amount and coding (422 per field). */
function checkCredit(data: Row, errors: FieldErrors): void {
  const amount = String(data.amount ?? "");
  if (!/^-?\d+(\.\d+)?$/.test(amount) || money(amount).lte(0)) errors.amount = ["must be greater than 0: a credit memo is entered as a positive amount"];
  const coding = (data.debit_entries as CodingLine[] | undefined) ?? [];
  if (coding.some((l) => money(String(l.amount)).lte(0))) errors.debit_entries = ["each GL coding line must be a positive amount"];
  else if (coding.length > 0 && errors.amount === undefined && !money(sum(coding.map((l) => l.amount))).eq(amount)) {
    errors.debit_entries = ["GL coding lines must add up to the credit amount"];
  }
}

const refundsOf = (db: DB, companyId: number, ids: number[]) => db.selectFrom("credit_refunds").select(["id", "payment_id", "date", "amount", "reference_number"])
  .where("company_id", "=", companyId).where("payment_id", "in", ids).orderBy("id").execute();

/** The hooks of a credit view that creates its credits in `status`. */
export function creditHooks(status: "DRAFT" | "NEW" | "PENDING"): ResourceHooks {
  return {
    ...paymentHooks,
    async decorate(rows, ctx) {
      await paymentHooks.decorate?.(rows, ctx);
      if (rows.length === 0) return;
      const refunds = await refundsOf(ctx.db, ctx.company.id, rows.map((r) => r.id as number));
      for (const row of rows) {
        const own = refunds.filter((r) => r.payment_id === row.id).map(({ payment_id: _credit, ...refund }) => refund);
        row.refunds = own;
        row.refunded_amount = sum(own.map((r) => String(r.amount)));
      }
    },
    beforeCreate(data) {
      const errors: FieldErrors = {};
      checkCredit(data, errors);
      if (Object.keys(errors).length) throw unprocessable(errors);
      Object.assign(data, { record_type: "CREDIT", status, balance: round(String(data.amount)) });
    },
    async beforeUpdate(data, existing, ctx, trx) {
      const errors: FieldErrors = {};
      checkCredit({ ...existing, ...data }, errors);
      if (Object.keys(errors).length) throw unprocessable(errors);
      await paymentHooks.beforeUpdate?.(data, existing, ctx, trx);
    },
  };
}

async function appliedOrRefunded(trx: DB, creditId: number): Promise<boolean> {
  const link = await trx.selectFrom("invoice_payment_links").select("id").where("payment_id", "=", creditId).executeTakeFirst();
  const refund = await trx.selectFrom("credit_refunds").select("id").where("payment_id", "=", creditId).executeTakeFirst();
  return link !== undefined || refund !== undefined;
}

/** Reservations of the credit by payment runs not yet processed (their rows would apply it). */
async function promisedToRuns(trx: DB, companyId: number, creditId: number): Promise<boolean> {
  const rows = await trx.selectFrom("payment_run_items").select(["credits"]).where("company_id", "=", companyId).where("excluded", "=", false)
    .where("status", "in", ["NEW", "APPROVED"]).execute();
  return rows.some((r) => ((r.credits as { credit_id: number }[] | null) ?? []).some((c) => c.credit_id === creditId));
}

/**
 * Void a (locked) PENDING or AVAILABLE credit with nothing applied, refunded or promised to a run:
 * VOID, its open approval steps removed, and its approval posting reversed today.
 */
export async function voidCredit(trx: DB, ctx: Ctx, credit: Row): Promise<void> {
  if (await appliedOrRefunded(trx, credit.id as number)) throw conflict("Only a credit with nothing applied or refunded can be voided.");
  if (await promisedToRuns(trx, ctx.company.id, credit.id as number)) throw conflict("The credit is taken by a payment run not yet processed: remove it from the run first.");
  await trx.updateTable("payments").set({ status: "VOID", balance: "0", updated_at: new Date() }).where("company_id", "=", ctx.company.id).where("id", "=", credit.id as number).execute();
  // a voided credit awaits no one: its open steps go (acted steps stay as its history)
  await trx.deleteFrom("approvals").where("company_id", "=", ctx.company.id).where("approvable_type", "=", "CreditMemo")
    .where("approvable_id", "=", credit.id as number).where("aasm_state", "=", "pending").execute();
  await audit(trx, ctx, "update", vendorCredits, credit.id as number, { status: [credit.status, "VOID"], balance: [credit.balance, "0.00"] });
  await reversePayment(trx, ctx.company.id, { id: credit.id as number, payment_number: String(credit.payment_number) }, isoDate(), "Void");
}

export interface RefundInput { amount: unknown; date: string; payment_method_id: number; reference_number?: string | null }

/** Record a refund of a (locked) AVAILABLE credit received into one of the company's accounts, and post it. */
export async function refundCredit(trx: DB, ctx: Ctx, credit: Row, input: RefundInput): Promise<void> {
  const amount = positiveAmount(input.amount);
  if (amount === undefined) throw unprocessable({ amount: ["must be a positive amount with at most two decimals"] });
  const available = String(credit.balance);
  if (money(amount).gt(available)) throw unprocessable({ amount: [`cannot be more than the credit's available balance (${round(available)})`] });
  const into = await trx.selectFrom("payment_methods").select(["id", "account_id", "status"]).where("company_id", "=", ctx.company.id)
    .where("owner_type", "=", "Company").where("id", "=", input.payment_method_id).executeTakeFirst();
  if (!into || into.account_id == null) throw unprocessable({ payment_method_id: ["must be one of the company's accounts with a bank GL account"] });

  const refund = await trx.insertInto("credit_refunds").values({
    company_id: ctx.company.id, payment_id: credit.id as number, date: input.date, amount, payment_method_id: input.payment_method_id,
    reference_number: input.reference_number ?? null, created_by_id: ctx.user.id,
  }).returning("id").executeTakeFirstOrThrow();
  const balance = round(money(available).minus(amount));
  const status = money(balance).isZero() ? "APPLIED" : "AVAILABLE";
  await trx.updateTable("payments").set({ balance, status, updated_at: new Date() }).where("id", "=", credit.id as number).execute();
  await audit(trx, ctx, "update", vendorCredits, credit.id as number, {
    balance: [available, balance], refund: [null, { id: refund.id, amount, date: input.date }], ...(status !== credit.status ? { status: [credit.status, status] } : {}),
  });
  await postCreditRefund(trx, ctx, credit as unknown as CreditForLedger, { id: refund.id, date: input.date, amount }, into.account_id as number);
}
