import { matchingVariances } from "./company.js";

export const vendorSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    vendor_id: { type: ["string", "null"], maxLength: 50 },
    name: { type: "string", minLength: 1, maxLength: 200 },
    status: { type: "string", enum: ["NEW", "PENDING", "ACTIVE", "INACTIVE", "REJECTED"], default: "ACTIVE" },
    vendor_type: { type: "string", enum: ["COMPANY", "EMPLOYEE", "INTERNAL"], default: "COMPANY" },
    classification: { type: ["string", "null"], maxLength: 100 },
    term_code: {
      type: "string",
      enum: ["Due Now", "Due on Receipt", "NET 10", "NET 15", "NET 20", "NET 25", "NET 30", "NET 45", "NET 60"],
      default: "NET 30",
    },
    po_not_required: { type: "boolean", default: false },
    /** this vendor's matching variance in percent, instead of the company's (none: the company's) */
    matching_variance: { type: ["integer", "null"], enum: [...matchingVariances, null] },
    has_w9: { type: "boolean", default: false },
    is_1099_eligible: { type: "boolean", default: false },
    tax_id: { type: ["string", "null"], maxLength: 30 },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$", default: "USD" },
    email: { type: ["string", "null"], format: "email" },
    phone: { type: ["string", "null"], maxLength: 40 },
    address1: { type: ["string", "null"], maxLength: 200 },
    city: { type: ["string", "null"], maxLength: 100 },
    state: { type: ["string", "null"], maxLength: 100 },
    zipcode: { type: ["string", "null"], maxLength: 20 },
    country: { type: ["string", "null"], pattern: "^[A-Z]{2}$" },
    requestor_id: { type: ["integer", "null"], "x-references": "contacts" },
    no_push: { type: "boolean", default: false },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
    /** server-filled when the vendor is created or its name or tax id changes: another vendor of the company with the same
     *  tax id or the same normalised name (a warning to staff, never a refusal; domain/payables/vendor-duplicates.ts) */
    possible_duplicate_of_id: { type: ["integer", "null"], "x-references": "vendors", readOnly: true },
  },
} as const;
