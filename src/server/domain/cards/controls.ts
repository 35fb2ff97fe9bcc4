/**
 * A card's controls (docs/cards.md): what an issuer checks before it authorizes a purchase. Pure: the
 * card, the purchase and what the card has already spent in, the answer a reason in plain words or null.
 */
import { money, round } from "../../../framework/money.js";

export interface CardControls {
  status: string;
  amount: string;
  expiry: string | null;
  start_date: string | null;
  end_date: string | null;
  per_transaction_min: string | null;
  per_transaction_max: string | null;
  is_reload_balance_monthly: boolean;
  is_international_usage: boolean;
  currency_code: string;
}

export interface PurchaseRequest {
  amount: string;
  /** YYYY-MM-DD */
  date: string;
  international: boolean;
}

const statusReasons: Readonly<Record<string, string>> = {
  "TEMPORARY BLOCK": "The card is temporarily blocked",
  BLOCKED: "The card is blocked",
  INACTIVE: "The card is closed",
  PENDING: "The card is awaiting approval",
  APPROVED: "The card has not been issued yet",
  REJECTED: "The card was rejected",
};

/** The first day of the month of `date`: a monthly-reload card's limit counts from it. */
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;

/**
 * Why the purchase is declined, or null when it is authorized. `spent` is what the card has used up
 * (authorized or cleared): in the purchase's month for a card that reloads monthly, else in all.
 */
export function declineReason(card: CardControls, request: PurchaseRequest, spent: string): string | null {
  if (card.status !== "ACTIVE") return statusReasons[card.status] ?? "The card is not active";
  if (card.expiry && request.date > card.expiry) return "The card has expired";
  if (card.start_date && request.date < card.start_date) return `The card cannot be used before ${card.start_date}`;
  if (card.end_date && request.date > card.end_date) return `The card cannot be used after ${card.end_date}`;
  if (request.international && !card.is_international_usage) return "International purchases are not allowed on this card";
  const amount = money(request.amount);
  const currency = card.currency_code;
  if (card.per_transaction_min && amount.lt(card.per_transaction_min)) return `Below the per-transaction minimum of ${round(card.per_transaction_min)} ${currency}`;
  if (card.per_transaction_max && amount.gt(card.per_transaction_max)) return `Above the per-transaction maximum of ${round(card.per_transaction_max)} ${currency}`;
  const available = money(card.amount).minus(spent);
  if (amount.gt(available)) {
    return `Over the available balance of ${round(available.isNegative() ? 0 : available)} ${currency}${card.is_reload_balance_monthly ? " this month" : ""}`;
  }
  return null;
}
