/**
 * Bank identifiers: ABA routing numbers (US) and IBANs (ISO 13616), checked the way banks check
 * them, plus account-number masking. Isomorphic, so forms can use the same checks as the server.
 * (The `ibantools` library would do the IBAN part, but dependencies are not added lightly: the
 * ISO 13616 mod-97 check is a few lines.)
 */

/** ABA check digit: weights 3, 7, 1 over the nine digits; the weighted sum is a multiple of 10. */
export function abaCheckDigit(first8: string): string {
  if (!/^\d{8}$/.test(first8)) throw new Error("an ABA prefix is 8 digits");
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const total = [...first8].reduce((sum, digit, i) => sum + Number(digit) * weights[i], 0);
  return String((10 - (total % 10)) % 10);
}

export function isValidRouting(routing: string): boolean {
  return /^\d{9}$/.test(routing) && routing !== "000000000" && abaCheckDigit(routing.slice(0, 8)) === routing[8];
}

/** IBAN lengths per country (SWIFT IBAN registry); other countries get the generic 15–34 check. */
const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** Spaces removed, upper case: how IBANs are stored. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, "").toUpperCase();

/** ISO 7064 mod 97-10 of an alphanumeric string, letters as 10..35, computed piecewise (no big integers). */
function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits of an IBAN for a country and its BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${normalizeIban(bban)}${country.toUpperCase()}00`)).padStart(2, "0");
}

/** Why an IBAN is not valid, or undefined when it is. */
export function ibanProblem(input: string): string | undefined {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return "must start with a country code and two check digits, then letters and digits";
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined ? iban.length !== expected : iban.length < 15 || iban.length > 34) {
    return expected !== undefined ? `must be ${expected} characters for ${iban.slice(0, 2)}` : "must be 15 to 34 characters";
  }
  if (mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) !== 1) return "has wrong check digits";
  return undefined;
}

export const isValidIban = (iban: string) => ibanProblem(iban) === undefined;

/** Only the last four characters show, e.g. ••••6789. */
export function maskAccount(account: string | null | undefined): string | null {
  if (!account) return null;
  return `••••${account.slice(-4)}`;
}
