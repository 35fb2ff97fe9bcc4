/**
 * PO matching of an invoice (the grid's Matched / Unmatched / No Linked filter): an invoice linked to
 * purchase orders is MATCHED when their total covers its amount (a two-way amount match), else
 * UNMATCHED; without linked orders it is NO_LINKED.
 */
import { money, sum, type MoneyInput } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";

export type PoMatching = "MATCHED" | "UNMATCHED" | "NO_LINKED";

export function poMatchingOf(amount: MoneyInput, linkedPoAmounts: readonly MoneyInput[] | null): PoMatching {
  if (!linkedPoAmounts || linkedPoAmounts.length === 0) return "NO_LINKED";
  return money(sum(linkedPoAmounts)).gte(money(amount)) ? "MATCHED" : "UNMATCHED";
}

/** The matching of an invoice of `companyId` with `amount` linked to `purchaseOrderIds`. */
export async function poMatching(trx: DB, companyId: number, amount: MoneyInput, purchaseOrderIds: readonly number[]): Promise<PoMatching> {
  if (purchaseOrderIds.length === 0) return "NO_LINKED";
  const orders = await trx.selectFrom("purchase_orders").select("amount")
    .where("company_id", "=", companyId).where("id", "in", purchaseOrderIds).execute();
  return poMatchingOf(amount, orders.map((o) => String(o.amount)));
}
