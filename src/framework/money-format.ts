/**
 * Money shown: rounded half-up to the minor unit (as `round` in money.ts does with decimal.js), then
 * formatted for the currency. Written on decimal strings without decimal.js, so that the lists,
 * which show money on every row, do not load it (issue 11); money.ts re-exports these.
 */

/** The digits of a decimal value in plain or exponent notation: sign, integer digits, fraction digits. */
function digitsOf(value: string | number): { negative: boolean; int: string; frac: string } {
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || (!match[2] && !match[3])) throw new Error(`[DecimalError] Invalid argument: ${text}`);
  let int = match[2] ?? "";
  let frac = match[3] ?? "";
  const exponent = Number(match[4] ?? 0);
  if (exponent > 0) {
    frac = frac.padEnd(exponent, "0");
    int += frac.slice(0, exponent);
    frac = frac.slice(exponent);
  } else if (exponent < 0) {
    int = int.padStart(-exponent, "0");
    frac = int.slice(int.length + exponent) + frac;
    int = int.slice(0, int.length + exponent);
  }
  return { negative: match[1] === "-", int: int.replace(/^0+(?=\d)/, "") || "0", frac };
}

/** `value` rounded half away from zero to `places` decimals, in fixed notation (Decimal.ROUND_HALF_UP, toFixed). */
export function roundHalfUp(value: string | number, places: number): string {
  const { negative, int, frac } = digitsOf(value);
  let digits = int + frac.padEnd(places, "0").slice(0, places);
  if ((frac[places] ?? "0") >= "5") {
    const carried = [...digits].reverse();
    let i = 0;
    for (; i < carried.length && carried[i] === "9"; i++) carried[i] = "0";
    if (i < carried.length) carried[i] = String(Number(carried[i]) + 1);
    else carried.push("1");
    digits = carried.reverse().join("");
  }
  const whole = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, "") || "0";
  const fixed = places ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  // as decimal.js's toFixed: a value that rounds to zero has no sign
  return negative && /[1-9]/.test(fixed) ? `-${fixed}` : fixed;
}

export function formatMoney(value: string | number | { toString(): string } | null | undefined, currency: string, locale = "en-US"): string {
  if (value === null || value === undefined || value === "") return "";
  return new Intl.NumberFormat(locale, { style: "currency", currency, useGrouping: "always" }).format(Number(roundHalfUp(typeof value === "number" ? value : String(value), 2)));
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
