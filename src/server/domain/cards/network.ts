/**
 * What reaches Outlay from the card network (docs/cards.md): a purchase tried on a card is put to the
 * issuer, and its answer stored as a card transaction — declined with the issuer's reason, or
 * authorized (Approved); a cleared (settled) transaction is posted to the journal. A real issuer's
 * webhooks call these same functions.
 */
import { sql } from "kysely";
import { money, round } from "../../../framework/money.js";
import { type DB, untyped } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { rollUpCards, spendingStatuses } from "./cards.js";
import { postCardSpend } from "./card-ledger.js";
import { monthStart, type CardControls, type PurchaseRequest } from "./controls.js";
import { issuer } from "./issuer.js";
import { requiredRate } from "../ledger/exchange-rates.js";

export interface Purchase extends PurchaseRequest {
  vendor_name: string;
  mcc_category: string | null;
  /** settle at once (the simulator's shortcut): the authorization clears the same day */
  settle: boolean;
}

/** What the card has used up: authorized or cleared, in the purchase's month for a card that reloads monthly. */
async function spent(trx: DB, companyId: number, card: Row, date: string): Promise<string> {
  let query = trx.selectFrom("card_transactions").select(sql<string>`coalesce(sum(coalesce(posted_amount, authorized_amount)), 0)::text`.as("spent"))
    .where("company_id", "=", companyId).where("virtual_card_id", "=", card.id as number).where("transaction_status", "in", spendingStatuses);
  if (card.is_reload_balance_monthly) {
    const from = monthStart(date);
    query = query.where("transaction_date", ">=", from).where("transaction_date", "<", sql<string>`(${from}::date + interval '1 month')::date`);
  }
  return (await query.executeTakeFirstOrThrow()).spent;
}

/** Put a purchase on the (locked) card to the issuer and store its answer; returns the transaction's id. */
export async function authorizePurchase(ctx: Ctx, card: Row, purchase: Purchase): Promise<number> {
  const trx = ctx.db;
  const companyId = ctx.company.id;
  const controls = card as unknown as CardControls;
  const answer = issuer().authorize(controls, purchase, await spent(trx, companyId, card, purchase.date));
  const amount = round(purchase.amount);
  const { card_receipt_threshold: threshold } = await trx.selectFrom("companies").select("card_receipt_threshold").where("id", "=", companyId).executeTakeFirstOrThrow();
  const row = await untyped(trx).insertInto("card_transactions").values({
    company_id: companyId, source: "VIRTUAL_CARD", virtual_card_id: card.id, vendor_name: purchase.vendor_name, mcc_category: purchase.mcc_category,
    authorized_amount: amount, transaction_date: purchase.date, currency_code: card.currency_code,
    exchange_rate: await requiredRate(trx, ctx, String(card.currency_code), purchase.date, "currency_code"),
    transaction_status: answer.approved ? "Approved" : "declined",
    transaction_status_description: answer.approved ? "Authorized" : answer.reason,
    approval_code: answer.approved ? answer.approvalCode : null,
    // Settings > Company Defaults: above the threshold a receipt is required (data-spec 6)
    receipt_required: answer.approved && money(amount).gt(String(threshold)) ? "Yes" : "Not required",
  }).returning("id").executeTakeFirstOrThrow();
  const id = row.id as number;
  if (answer.approved && purchase.settle) await clearTransactions(trx, companyId, [id], purchase.date);
  await rollUpCards(trx, companyId, [card.id as number]);
  return id;
}

/** Authorized transactions settle: CLEARED at their authorized amount on `date`, and posted to the journal. */
export async function clearTransactions(trx: DB, companyId: number, ids: readonly number[], date: string): Promise<void> {
  const cleared = await trx.updateTable("card_transactions")
    .set({ transaction_status: "CLEARED", transaction_status_description: "Settled", posted_amount: sql`authorized_amount`, posted_date: date })
    .where("company_id", "=", companyId).where("id", "in", ids).where("transaction_status", "=", "Approved")
    .returning(["id", "vendor_name", "posted_amount", "posted_date", "account_code", "currency_code", "exchange_rate"]).execute();
  await postCardSpend(trx, companyId, cleared.map((t) => ({
    id: t.id, vendor_name: t.vendor_name, posted_amount: money(String(t.posted_amount)).toFixed(2), posted_date: String(t.posted_date), account_code: t.account_code,
    currency_code: t.currency_code, exchange_rate: String(t.exchange_rate),
  })));
}
