/**
 * Bank identifiers: ABA routing numbers (US) checked with their 3-7-1 checksum, IBANs (ISO 13616:
 * country length and format, mod-97 check digits, national check digits where a country has them)
 * and BICs (ISO 9362) checked with the `ibantools` library, plus account-number masking.
 * Isomorphic, so forms can use the same checks as the server.
 */
import { composeIBAN, electronicFormatIBAN, getCountrySpecifications, validateBIC, validateIBAN, ValidationErrorsBIC, ValidationErrorsIBAN } from "ibantools";

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

/** Spaces (and other separators) removed, upper case: how IBANs are stored. */
export const normalizeIban = (iban: string) => electronicFormatIBAN(iban) ?? iban.replace(/\s+/g, "").toUpperCase();

/** Why an IBAN is not valid, or undefined when it is; the first problem in the order a reader fixes them. */
export function ibanProblem(input: string): string | undefined {
  const iban = normalizeIban(input);
  const { errorCodes } = validateIBAN(iban, { allowQRIBAN: true });
  const country = iban.slice(0, 2);
  const messages: Readonly<Record<ValidationErrorsIBAN, string>> = {
    [ValidationErrorsIBAN.NoIBANProvided]: "can't be blank",
    [ValidationErrorsIBAN.NoIBANCountry]: "must start with the country code of an IBAN country, then two check digits",
    [ValidationErrorsIBAN.ChecksumNotNumber]: "must have two check digits after the country code",
    [ValidationErrorsIBAN.WrongBBANLength]: `must be ${String(getCountrySpecifications()[country]?.chars ?? "15 to 34")} characters for ${country}`,
    [ValidationErrorsIBAN.WrongBBANFormat]: `has a bank and account part in the wrong format for ${country}`,
    [ValidationErrorsIBAN.WrongIBANChecksum]: "has wrong check digits",
    [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: "has a wrong national check digit (bank, branch or account)",
    [ValidationErrorsIBAN.QRIBANNotAllowed]: "is a QR-IBAN, which is not accepted here",
  };
  const first = [...errorCodes].sort((a, b) => a - b)[0];
  return first === undefined ? undefined : messages[first];
}

export const isValidIban = (iban: string) => ibanProblem(iban) === undefined;

/** The IBAN of a country's BBAN, with its check digits; null when the BBAN does not fit the country. */
export const composeIban = (country: string, bban: string): string | null => composeIBAN({ countryCode: country.toUpperCase(), bban: normalizeIban(bban) });

/** Why a BIC (SWIFT code) is not valid, or undefined when it is. */
export function bicProblem(bic: string): string | undefined {
  const { errorCodes } = validateBIC(bic.toUpperCase());
  if (errorCodes.length === 0) return undefined;
  return errorCodes.includes(ValidationErrorsBIC.NoBICProvided) ? "can't be blank" : errorCodes.includes(ValidationErrorsBIC.NoBICCountry) ? "has no valid country code (letters 5 and 6)" : "must be 8 or 11 characters: bank, country, location, optional branch";
}

/** Only the last four characters show, e.g. ••••6789. */
export function maskAccount(account: string | null | undefined): string | null {
  if (!account) return null;
  return `••••${account.slice(-4)}`;
}
