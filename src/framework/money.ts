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

export { currencyOf, currencySymbol, formatMoney } from "./money-format.js";
