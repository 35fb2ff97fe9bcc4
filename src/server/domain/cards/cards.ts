/**
 * Cards, card transactions, purchases and statements. A card stores only its last four digits and
 * is shown masked; its remaining amount is the limit minus what is authorized or cleared on it; its
 * status moves along the card life cycle below; purchases keep the card provider's status.
 */
import { sql } from "kysely";
import { isoDate } from "../../../framework/dates.js";
import { currencyOf, money, sum } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { contactName } from "../identity/people.js";
import { receiptTooltip, withReceipts } from "./coding.js";

/** Data spec 9: card numbers show as four groups with only the last 4 digits. */
export const maskCardNumber = (last4: unknown): string | null => (typeof last4 === "string" && last4 ? `**** **** **** ${last4}` : null);

/** Transaction statuses that use up a card's limit: authorized (Approved) and cleared. */
export const spendingStatuses = ["Approved", "CLEARED"];

/**
 * remaining_amount = amount − Σ posted (else authorized) amount of the card's spending transactions;
 * of this month's only for a card whose balance reloads monthly (controls.ts counts the same way).
 */
export async function rollUpCards(trx: DB, companyId: number, cardIds?: readonly number[]): Promise<void> {
  if (cardIds?.length === 0) return;
  let query = trx.updateTable("virtual_cards as c").set({
    remaining_amount: sql`c.amount - coalesce((select sum(coalesce(t.posted_amount, t.authorized_amount)) from card_transactions t
      where t.virtual_card_id = c.id and t.company_id = c.company_id and t.transaction_status in (${sql.join(spendingStatuses)})
      and (not c.is_reload_balance_monthly or t.transaction_date >= date_trunc('month', current_date)::date)), 0)`,
  }).where("c.company_id", "=", companyId);
  if (cardIds) query = query.where("c.id", "in", cardIds);
  await query.execute();
}

/** The limits of a card (amount, per-transaction range, validity dates); `errors` may already hold other fields. */
function checkCard(card: Row): void {
  const errors: FieldErrors = {};
  const amount = money(String(card.amount));
  const optional = (value: unknown) => (value === null || value === undefined ? undefined : money(String(value)));
  const min = optional(card.per_transaction_min);
  const max = optional(card.per_transaction_max);
  if (amount.lte(0)) errors.amount = ["must be greater than 0"];
  if (min && max && min.gt(max)) errors.per_transaction_min = ["cannot be more than the per-transaction maximum"];
  if (max && max.gt(amount)) errors.per_transaction_max = ["cannot be more than the card limit"];
  if (card.start_date && card.end_date && String(card.end_date) < String(card.start_date)) errors.end_date = ["must be on or after the start date"];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export const virtualCardHooks: ResourceHooks = {
  decorate(rows, ctx) {
    for (const row of rows) {
      const orders = (row.purchase_orders as Row[] | undefined) ?? [];
      row.masked_number = maskCardNumber(row.last4);
      row.card_holder_name = contactName(row.contact);
      row.card_program_type = (row.card_program as Row | null | undefined)?.program_type ?? null;
      row.po_gross_total = sum(orders.map((o) => String(o.amount)));
      row.po_net_total = sum(orders.map((o) => String(o.open_balance)));
      // data spec 5: only the card's submitter may add it to a digital wallet
      row.is_submitter = row.submitter_contact_id === ctx.contact.id;
      row.currency = currencyOf(String(row.currency_code));
    }
  },
  beforeCreate(data, ctx) {
    // a new card awaits approval (its status is server-owned)
    data.status = "PENDING";
    checkCard(data);
    data.submitter_contact_id = ctx.contact.id;
    data.remaining_amount = data.amount;
  },
  beforeUpdate(data, existing) {
    checkCard({ ...existing, ...data });
    // statuses move by the card's declared transitions (resources/virtual_cards.ts); issuing dates the card
    if (data.status === "ACTIVE" && existing.status === "APPROVED" && !existing.issue_date) data.issue_date ??= isoDate();
  },
  async afterWrite(row, ctx, trx) {
    await rollUpCards(trx, ctx.company.id, [row.id as number]);
  },
};

export const cardTransactionHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const receipts = await withReceipts(ctx.db, ctx.company.id, rows.map((r) => r.id as number));
    for (const row of rows) {
      row.masked_number = maskCardNumber((row.virtual_card as Row | null | undefined)?.last4);
      row.currency = currencyOf(String(row.currency_code));
      // a receipt is a document on the transaction (or was recorded so by the card provider)
      const attached = row.receipt_attached === true || receipts.has(row.id as number);
      row.receipt_attached = attached;
      row.receipt_tooltip = row.receipt_required === "Yes" ? receiptTooltip(attached, row) : null;
    }
  },
  beforeCreate(data) {
    data.purchase_has_data = data.purchase_id !== null && data.purchase_id !== undefined;
  },
  beforeUpdate(data) {
    if (data.purchase_id !== undefined) data.purchase_has_data = data.purchase_id !== null;
  },
  async afterWrite(row, ctx, trx) {
    if (row.virtual_card_id !== null) await rollUpCards(trx, ctx.company.id, [row.virtual_card_id as number]);
  },
};

export const purchaseHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.masked_number = maskCardNumber((row.virtual_card as Row | null | undefined)?.last4);
      row.currency = currencyOf(String(row.currency_code));
    }
  },
};

/** Statuses in which a statement can be paid (data spec 5: "a payable statement"). */
export const payableStatementStatuses = ["OPEN", "APPROVED"];

export const statementHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.is_validate_pay_now = payableStatementStatuses.includes(String(row.status)) && money(String(row.current_balance)).gt(0);
      row.currency = currencyOf(String(row.currency_code));
    }
  },
};
