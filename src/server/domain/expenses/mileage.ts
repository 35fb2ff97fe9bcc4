/**
 * Mileage: an item's amount is its distance × the company's mileage rate for the item's date — the
 * rate of the latest `from` on or before that date (companies.mileage_rates) — never a typed amount.
 */
import { money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";

export interface MileageRate {
  from: string;
  rate: string;
}

/** The rate in force on `date`, or undefined when none had started by then. */
export function mileageRateOn(rates: readonly MileageRate[], date: string): MileageRate | undefined {
  return rates.filter((r) => r.from <= date).sort((a, b) => b.from.localeCompare(a.from))[0];
}

export const mileageAmount = (distance: string, rate: MileageRate): string => round(money(distance).times(rate.rate));

/** The company's expense settings: its mileage rates and its receipt threshold (Settings > Company Defaults). */
export async function expenseSettings(trx: DB, companyId: number): Promise<{ mileageRates: MileageRate[]; receiptThreshold: string | null }> {
  const company = await trx.selectFrom("companies").select(["mileage_rates", "expense_receipt_threshold"]).where("id", "=", companyId).executeTakeFirstOrThrow();
  return { mileageRates: (company.mileage_rates as MileageRate[] | null) ?? [], receiptThreshold: (company.expense_receipt_threshold as string | null) ?? null };
}
