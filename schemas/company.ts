export const companySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "currency_code", "company_date_format"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    company_date_format: { type: "string", enum: ["MM/DD/YYYY", "DD/MM/YYYY"] },
    module_settings: { type: "object", additionalProperties: { type: "boolean" } },
    disable_payment_method_selection: { type: "boolean", default: false },
    accepted_payment_methods: { type: "array", items: { type: "string" } },
    multiple_accepted_payment_methods: { type: "boolean", default: false },
    has_payment_workflow: { type: "boolean", default: true },
    has_account_structures: { type: "boolean", default: false },
    crypto_currency_support: { type: "boolean", default: false },
  },
} as const;
