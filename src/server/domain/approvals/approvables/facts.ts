/** What the workflow triggers compare, read from a record. */
import type { DB } from "../../../db/connect.js";
import type { Ctx, Row } from "../../../resources/context.js";
import type { Facts } from "../../../resources/approval-module.js";

export type { Facts } from "../../../resources/approval-module.js";

/** Whether the record names a purchase order: invoices and cards by `purchase_order_ids`, card purchases by `purchase_order_id`. */
function poLinked(record: Row): boolean {
  const ids = record.purchase_order_ids;
  return (Array.isArray(ids) && ids.length > 0) || record.purchase_order_id != null;
}

/**
 * amount (in `amountField`), subsidiary, vendor, department, location (`location_name`) and linked
 * purchase orders of a record that has them.
 */
export function recordFacts(record: Row, amountField = "amount"): Facts {
  return {
    poLinked: poLinked(record),
    amount: String(record[amountField] ?? "0"),
    subsidiaryId: (record.subsidiary_id as number | null | undefined) ?? null,
    vendorId: (record.vendor_id as number | null | undefined) ?? null,
    department: (record.department as string | null | undefined) ?? null,
    location: (record.location_name as string | null | undefined) ?? null,
  };
}

/** The ids of the company's accounts with these numbers (GL coding lines name accounts by number). */
export async function accountIds(trx: DB, ctx: Ctx, numbers: readonly string[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await trx.selectFrom("accounts").select("id").where("company_id", "=", ctx.company.id).where("number", "in", [...numbers]).execute();
  return rows.map((a) => a.id);
}
