/**
 * Money is exact: decimal strings in transit, NUMERIC in the database, decimal.js in code.
 * One rounding routine (half-up to the currency's minor unit, 2 places).
 */
import Decimal from "decimal.js";

export type MoneyInput = string | number | Decimal;

export const minorUnits = 2;

/** data spec 9: the minimum payment amount (a pay-bills row, a credit applied, what counts as a balance to pay). */
export const minimumPayment = "0.01";

export function money(value: MoneyInput): Decimal {
  return new Decimal(value);
}

export function round(value: MoneyInput): string {
  return new Decimal(value).toDecimalPlaces(minorUnits, Decimal.ROUND_HALF_UP).toFixed(minorUnits);
}

export function sum(values: readonly MoneyInput[]): string {
  return round(values.reduce<Decimal>((total, v) => total.plus(v), new Decimal(0)));
}

export function formatMoney(value: MoneyInput | null | undefined, currency: string, locale = "en-US"): string {
  if (value === null || value === undefined || value === "") return "";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(Number(round(value)));
}

const symbols = new Map<string, string>();

/** Intl formatters are costly to build; symbols are asked for on every row of a list. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
    symbol = parts.find((p) => p.type === "currency")?.value ?? currency;
    symbols.set(currency, symbol);
  }
  return symbol;
}

export const currencyOf = (code: string) => ({ iso_code: code, symbol: currencySymbol(code) });
