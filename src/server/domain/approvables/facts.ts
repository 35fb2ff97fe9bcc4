/** What the workflow triggers compare, read from a record. */
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";

export interface Facts {
  amount: string;
  subsidiaryId?: number | null;
  vendorId?: number | null;
  accountIds?: number[];
  /** department and location names (DEPARTMENT / LOCATION steps name them; no tables of their own) */
  department?: string | null;
  location?: string | null;
}

/** amount (in `amountField`), subsidiary, vendor, department and location (`location_name`) of a record that has them. */
export function recordFacts(record: Row, amountField = "amount"): Facts {
  return {
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
  return rows.map((a) => a.id as number);
}
