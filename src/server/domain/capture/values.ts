/**
 * Values as invoices print them, read into stored form: amounts (1,234.56 · 1.234,56 · (12.00) ·
 * 12.00 CR), dates (ISO, numeric with / - . in either day-month order, month names), document
 * numbers, payment terms. Each parser answers undefined for text that is not such a value.
 */
import Decimal from "decimal.js";

const currencySymbols: Readonly<Record<string, string>> = { "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };
export const isoCurrencies = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "JPY", "MXN", "INR", "SEK", "NOK", "DKK", "PLN", "ZAR", "SGD", "HKD", "BRL", "CNY"];

/** An amount: "1,234.56", "$ 1 234,56", "(12.00)", "-12.00", "12.00 CR", "EUR 5.00" → "1234.56" (2 decimals), else undefined. */
export function parseMoney(raw: string): string | undefined {
  let text = raw.trim().replace(/\s+/g, " ");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/\s?(CR|cr)$/.test(text)) {
    negative = true;
    text = text.replace(/\s?(CR|cr)$/, "");
  }
  text = text.replace(new RegExp(`^(${isoCurrencies.join("|")})\\s?`), "").replace(new RegExp(`\\s?(${isoCurrencies.join("|")})$`), "");
  text = text.replace(/^[$€£¥₹]\s?/, "").replace(/\s?[$€£¥₹]$/, "");
  if (text.startsWith("-")) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  text = text.replace(/^[$€£¥₹]\s?/, "");
  // digits with grouping, and a decimal part of two digits (an amount without cents is no invoice total)
  const m = /^(\d{1,3}(?:([,.' \u00a0])\d{3})*|\d+)([.,])(\d{2})$/.exec(text);
  if (!m) return undefined;
  const group = m[2];
  if (group && group === m[3]) return undefined;
  const whole = m[1].replace(/[,.' \u00a0]/g, "");
  const value = new Decimal(`${whole}.${m[4]}`);
  return (negative ? value.negated() : value).toFixed(2);
}

/** The currency an amount's text names by code or symbol, if any. */
export function currencyIn(text: string): string | undefined {
  const code = new RegExp(`\\b(${isoCurrencies.join("|")})\\b`).exec(text)?.[1];
  if (code) return code;
  const symbol = /[€£¥₹]/.exec(text)?.[0];
  return symbol ? currencySymbols[symbol] : undefined;
}

const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export type DayOrder = "MDY" | "DMY";

const pad = (n: number) => String(n).padStart(2, "0");
function iso(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) => {
  const i = months.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 ? undefined : i + 1;
};

/**
 * A date → "YYYY-MM-DD". Numeric dates with the day first or second are read in `order` unless one
 * part cannot be a month; dots mean day first (European).
 */
export function parseDate(raw: string, order: DayOrder = "MDY"): string | undefined {
  const text = raw.trim().replace(/,/g, " ").replace(/\s+/g, " ").replace(/(\d)(st|nd|rd|th)\b/gi, "$1");
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const a = +m[1];
    const b = +m[3];
    const dayFirst = a > 12 ? true : b > 12 ? false : m[2] === "." ? true : order === "DMY";
    return dayFirst ? iso(+m[4], b, a) : iso(+m[4], a, b);
  }
  m = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?[ -](\d{2}|\d{4})$/.exec(text);
  if (m && monthOf(m[2])) return iso(+m[3], monthOf(m[2])!, +m[1]);
  m = /^([A-Za-z]{3,9})\.? (\d{1,2}) (\d{4})$/.exec(text);
  if (m && monthOf(m[1])) return iso(+m[3], monthOf(m[1])!, +m[2]);
  return undefined;
}

/** Day-month order the document itself shows: a numeric date whose first part is above 12 is day first, whose second is, month first. */
export function dayOrderOf(text: string, fallback: DayOrder): DayOrder {
  for (const m of text.matchAll(/\b(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})\b/g)) {
    if (+m[1] > 12) return "DMY";
    if (+m[2] > 12) return "MDY";
  }
  if (/\b\d{1,2}\.\d{1,2}\.\d{4}\b/.test(text)) return "DMY";
  return fallback;
}

/** A document number (invoice, PO): letters, digits and - / . _, with at least one digit, not a date or an amount. */
export function parseDocNumber(raw: string): string | undefined {
  const text = raw.trim().replace(/^[#:\s]+/, "").replace(/^(no|nr|number|num)\.?\s*[:#]?\s*/i, "").replace(/[.,;:]$/, "");
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/_.]{1,39}$/.test(text) || !/\d/.test(text)) return undefined;
  if (parseDate(text) || /^\d{1,3}(,\d{3})*\.\d{2}$/.test(text)) return undefined;
  return text;
}

/** Payment terms: "Net 30" → 30 days, "Due on receipt" → 0. */
export function parseTerms(raw: string): number | undefined {
  const text = raw.toLowerCase();
  const net = /\bnet\s*(\d{1,3})\b/.exec(text) ?? /\b(\d{1,3})\s*days\b/.exec(text);
  if (net) return Number(net[1]);
  if (/(due\s+(on|upon)\s+receipt|upon receipt|immediate)/.test(text)) return 0;
  return undefined;
}
