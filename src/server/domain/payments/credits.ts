/**
 * Applying vendor credits to invoices. A credit (payments row, record_type CREDIT) holds what is
 * left to apply in `balance` (amount − Σ its invoice_payment_links, the rule of payments.ts): an
 * application adds a link, lowers the balance, and settles the invoice like a payment does
 * (invoice_balances.ts). The credit is APPLIED once nothing is left.
 *
 * Ledger: the credit memo posted when it became AVAILABLE (debit AP, credit expense — see
 * docs/payments.md); applying it only matches it to an invoice inside AP, so it posts nothing.
 *
 * Lock order: the invoice, then the credit — processing a payment run locks its invoices first and
 * then applies the run's credits, so an application beside a run never deadlocks with it.
 */
import { money, round } from "../../../framework/money.js";
import vendorCredits from "../../../../resources/vendor_credits.js";
import invoicePaymentLinks from "../../../../resources/invoice_payment_links.js";
import type { DB } from "../../db/connect.js";
import { conflict, notFound, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";
import { settleInvoice } from "../payables/invoice-balances.js";
import { postCreditApplicationDifference } from "../ledger/fx.js";

/** Invoices a credit may be applied to: approved or open (the PAYABLE filter). */
const payableStatuses = ["APPROVED", "OPEN"];

export interface CreditApplication {
  creditId: number;
  invoiceId: number;
  amount: string | number;
  /**
   * The amount is already reserved on the invoice's outstanding_balance_pending (a payment run's
   * credit, applied when the run is processed): check it against balance_outstanding and leave the
   * pending balance as it is.
   */
  reserved?: boolean;
}

async function lockInvoice(trx: DB, ctx: Ctx, id: number): Promise<Row | undefined> {
  return (await trx.selectFrom("invoices").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", id).forUpdate().executeTakeFirst());
}

async function lockCredit(trx: DB, ctx: Ctx, id: number): Promise<Row | undefined> {
  return (await trx.selectFrom("payments").selectAll().where("company_id", "=", ctx.company.id).where("record_type", "=", "CREDIT")
    .where("id", "=", id).forUpdate().executeTakeFirst());
}

/** A positive amount with at most two decimals, as a decimal string; undefined when not one. */
function positiveAmount(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(String(value).trim())) return undefined;
  const amount = money(String(value).trim());
  return amount.gt(0) ? round(amount) : undefined;
}

/**
 * Apply `amount` of a vendor credit to an invoice, inside the caller's transaction. 404 when the
 * credit is not this company's, 409 when it is not AVAILABLE, 422 (fields invoice_id, amount) when
 * the invoice or the amount does not fit.
 */
export async function applyCredit(trx: DB, ctx: Ctx, { creditId, invoiceId, amount: input, reserved = false }: CreditApplication): Promise<void> {
  const amount = positiveAmount(input);
  if (amount === undefined) throw unprocessable({ amount: ["must be a positive amount with at most two decimals"] });
  const invoice = await lockInvoice(trx, ctx, invoiceId);
  if (!invoice) throw unprocessable({ invoice_id: ["is not an invoice of this company"] });
  const credit = await lockCredit(trx, ctx, creditId);
  if (!credit) throw notFound();
  if (credit.status !== "AVAILABLE") throw conflict(`Only an AVAILABLE vendor credit can be applied; this one is ${String(credit.status)}.`);

  if (invoice.vendor_id !== credit.vendor_id) throw unprocessable({ invoice_id: ["belongs to another vendor than the credit"] });
  if (invoice.currency_code !== credit.currency_code) throw unprocessable({ invoice_id: [`is in ${String(invoice.currency_code)}, the credit in ${String(credit.currency_code)}`] });
  if (!payableStatuses.includes(String(invoice.status))) throw unprocessable({ invoice_id: [`is ${String(invoice.status)}: only an approved or open invoice can take a credit`] });
  const available = String(credit.balance);
  if (money(amount).gt(available)) throw unprocessable({ amount: [`cannot be more than the credit's available balance (${available})`] });
  const open = String(reserved ? invoice.balance_outstanding : invoice.outstanding_balance_pending);
  if (money(amount).gt(open)) throw unprocessable({ amount: [`cannot be more than the invoice's open balance (${open})`] });

  const link = await trx.insertInto("invoice_payment_links").values({ company_id: ctx.company.id, invoice_id: invoiceId, payment_id: creditId, amount })
    .returning("id").executeTakeFirstOrThrow();
  await audit(trx, ctx, "create", invoicePaymentLinks, link.id, { invoice_id: [null, invoiceId], payment_id: [null, creditId], amount: [null, amount] });

  const balance = round(money(available).minus(amount));
  const status = money(balance).isZero() ? "APPLIED" : "AVAILABLE";
  await trx.updateTable("payments").set({ balance, status, updated_at: new Date() }).where("id", "=", creditId).execute();
  await audit(trx, ctx, "update", vendorCredits, creditId, { balance: [available, balance], ...(status !== credit.status ? { status: [credit.status, status] } : {}) });

  await settleInvoice(trx, ctx, invoice, amount, reserved);
  await postCreditApplicationDifference(trx, ctx.company.id, { id: creditId, payment_number: credit.payment_number, exchange_rate: credit.exchange_rate }, { number: invoice.number, exchange_rate: invoice.exchange_rate }, amount);
}

