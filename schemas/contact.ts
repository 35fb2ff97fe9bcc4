export const contactSchema = {
  type: "object",
  additionalProperties: false,
  required: ["first_name", "last_name", "contact_type"],
  properties: {
    first_name: { type: "string", minLength: 1, maxLength: 100 },
    last_name: { type: "string", minLength: 1, maxLength: 100 },
    email: { type: ["string", "null"], format: "email", maxLength: 254 },
    phone: { type: ["string", "null"], maxLength: 40 },
    contact_type: { type: "string", enum: ["COMPANY", "VENDOR"] },
    /** the user's role in this company, when the contact can sign in */
    role: { type: ["string", "null"] },
    company_roles: { type: "array", maxItems: 10, items: { type: "string", enum: ["APPROVER", "REQUESTOR", "ACCRUAL_MANAGER", "REMITTENACE_MANAGER"] } },
    vendor_roles: { type: "array", maxItems: 10, items: { type: "string", enum: ["PRIMARY", "ACCRUAL_REQUEST", "INVOICE_REQUEST"] } },
    user_id: { type: ["integer", "null"], "x-references": "users" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    manager_id: { type: ["integer", "null"], "x-references": "contacts" },
    language: { type: "string", enum: ["en", "es"], default: "en" },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE", "INVITED"], default: "ACTIVE" },
    source: { type: "string", enum: ["COMPANY", "VENDOR"], default: "COMPANY" },
    external_id: { type: ["string", "null"], maxLength: 100 },
  },
} as const;
