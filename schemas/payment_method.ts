/** Bank or postal details a payment is made to (vendor, employee contact) or from (the company's originating accounts). */
export const paymentMethodTypes = ["ach", "check", "wire", "international", "sepa"] as const;

export const paymentMethodSchema = {
  type: "object",
  additionalProperties: false,
  required: ["owner_type", "payment_type", "currency_code"],
  properties: {
    owner_type: { type: "string", enum: ["Company", "Vendor", "Contact"] },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    name: { type: ["string", "null"], maxLength: 100 },
    payment_type: { type: "string", enum: paymentMethodTypes },
    account_name: { type: ["string", "null"], maxLength: 200 },
    /** accepted, stored, never returned (the API shows account_number_masked) */
    account_number: { type: ["string", "null"], pattern: "^[0-9A-Za-z-]{4,34}$", writeOnly: true },
    routing: { type: ["string", "null"], maxLength: 20 },
    account_type: { type: "string", enum: ["checking", "savings"], default: "checking" },
    bank_name: { type: ["string", "null"], maxLength: 200 },
    iban: { type: ["string", "null"], maxLength: 50 },
    bic: { type: ["string", "null"], pattern: "^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    address1: { type: ["string", "null"], maxLength: 200 },
    city: { type: ["string", "null"], maxLength: 100 },
    state: { type: ["string", "null"], maxLength: 100 },
    zipcode: { type: ["string", "null"], maxLength: 20 },
    country: { type: ["string", "null"], pattern: "^[A-Z]{2}$" },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE", "PENDING", "N/A"], default: "ACTIVE" },
    is_default: { type: "boolean", default: false },
    // originating (company) accounts: the NACHA file header and batch header fields
    nacha_company_id: { type: ["string", "null"], maxLength: 10 },
    nacha_company_name: { type: ["string", "null"], maxLength: 16 },
    immediate_origin: { type: ["string", "null"], pattern: "^ ?\\d{9,10}$" },
    immediate_destination: { type: ["string", "null"], pattern: "^ ?\\d{9,10}$" },
    /** originating accounts: the bank GL account (chart of accounts, type Bank) their payments credit */
    account_id: { type: ["integer", "null"], "x-references": "accounts" },
    /** the vendor's login that proposed these bank details from the portal (server-filled); approved, the method becomes the vendor's default */
    proposed_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
