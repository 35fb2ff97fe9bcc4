/**
 * Currency codes: the schemas mark a currency code with one pattern (three capitals), which the forms
 * show as a select of currencies; the server (validation.ts) also checks the code is one of ISO 4217's,
 * for the API and the CSV import alike (both go through write.ts). The list is the one the JavaScript
 * runtime's ICU data knows (`Intl.supportedValuesOf("currency")`), the same list the forms' select offers,
 * so a code the browser offers is one the server accepts.
 */
export const currencyCodePattern = "^[A-Z]{3}$";

let codes: ReadonlySet<string> | undefined;

/** The ISO 4217 codes of current currencies. */
export function currencyCodes(): ReadonlySet<string> {
  return (codes ??= new Set(Intl.supportedValuesOf("currency")));
}

export const isCurrencyCode = (value: unknown): boolean => typeof value === "string" && currencyCodes().has(value);
