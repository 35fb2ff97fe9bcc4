/**
 * Demo exchange rates: on the first of each of the last 36 months, a few cents around a base rate —
 * Acme (USD) in EUR, GBP and CAD, Globex (EUR) in USD. Seeded documents in those currencies take the
 * rate of their date from the same table (demoRateOn), as the application would.
 */
import dayjs from "dayjs";
import { money } from "../../framework/money.js";
import type { DB } from "../db/connect.js";

const bases: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  USD: { EUR: "1.08", GBP: "1.27", CAD: "0.73" },
  EUR: { USD: "0.92" },
};
const months = 36;

interface DemoRate { currency_code: string; rate_date: string; rate: string }

export function demoRates(functional: string): DemoRate[] {
  const start = dayjs().startOf("month").subtract(months - 1, "month");
  return Object.entries(bases[functional] ?? {}).flatMap(([currency, base]) => Array.from({ length: months }, (_, n) => ({
    currency_code: currency, rate_date: start.add(n, "month").format("YYYY-MM-DD"), rate: money(base).plus(((n % 5) - 2) / 100).toFixed(4),
  })));
}

/** The seeded rate of `currency` on `date` (the latest on or before it). */
export function demoRateOn(functional: string, currency: string, date: string): string {
  if (currency === functional) return "1";
  const rate = demoRates(functional).filter((r) => r.currency_code === currency && r.rate_date <= date).at(-1);
  if (!rate) throw new Error(`no demo ${currency} rate on ${date}`);
  return rate.rate;
}

export async function seedExchangeRates(db: DB, companyId: number, functional: string): Promise<void> {
  const rows = demoRates(functional).map((r) => ({ ...r, company_id: companyId }));
  if (rows.length) await db.insertInto("exchange_rates").values(rows).execute();
}
