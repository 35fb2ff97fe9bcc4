/**
 * A US vendor's tax id is its EIN (NN-NNNNNNN) or, for a sole proprietor, its SSN (NNN-NN-NNNN): the
 * number the 1099 is filed under, so a mistyped one is refused where it is written (staff and portal).
 * Nine digits sent without dashes are taken as an EIN (vendors are businesses first); an SSN keeps
 * its dashes. A vendor whose country is not the US keeps its own country's format (VAT numbers…):
 * only the length is checked, by the schema.
 */
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";

const ein = /^\d{2}-\d{7}$/;
const ssn = /^\d{3}-\d{2}-\d{4}$/;

/** The tax id as stored: trimmed, nine bare digits written as an EIN; anything else unchanged. */
export function normaliseTaxId(value: string): string {
  const trimmed = value.trim();
  return /^\d{9}$/.test(trimmed) ? `${trimmed.slice(0, 2)}-${trimmed.slice(2)}` : trimmed;
}

/** The plain-words problem of a US tax id, if any. */
export function usTaxIdProblem(value: string): string | undefined {
  return ein.test(value) || ssn.test(value) ? undefined
    : "must be a US EIN (12-3456789) or SSN (123-45-6789); nine digits without dashes are read as an EIN";
}

const isUs = (country: unknown) => country === null || country === undefined || country === "" || country === "US";

/**
 * Normalise and check `data.tax_id` when the write sets it (or moves the vendor into the US): 422 on
 * `tax_id` otherwise. `existing` is the stored vendor on an update.
 */
export function checkTaxId(data: Row, existing: Row = {}): void {
  if (!("tax_id" in data) && !("country" in data)) return;
  if (typeof data.tax_id === "string") data.tax_id = data.tax_id.trim() === "" ? null : normaliseTaxId(data.tax_id);
  const taxId = "tax_id" in data ? data.tax_id : existing.tax_id;
  const country = "country" in data ? data.country : existing.country;
  if (typeof taxId !== "string" || !isUs(country)) return;
  const problem = usTaxIdProblem(taxId);
  if (problem) throw unprocessable({ tax_id: [problem] });
}
