/** Company modules (module_settings): switched on and off, all on for a new company. They never grant permission keys. */
export const moduleNames = [
  "invoices_active", "payments_active", "purchase_orders_active", "credit_memos_active", "vendors_active",
  "expenses_active", "virtual_cards_active", "receipts_active", "accruals_active", "budgets_active",
] as const;

export const companySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "currency_code", "company_date_format"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    company_date_format: { type: "string", enum: ["MM/DD/YYYY", "DD/MM/YYYY"] },
    /** known modules only: an unknown key is refused (422), so no setting can pose as a permission key */
    module_settings: { type: "object", additionalProperties: false, properties: Object.fromEntries(moduleNames.map((m) => [m, { type: "boolean" } as const])) },
    disable_payment_method_selection: { type: "boolean", default: false },
    accepted_payment_methods: { type: "array", items: { type: "string" } },
    multiple_accepted_payment_methods: { type: "boolean", default: false },
    has_payment_workflow: { type: "boolean", default: true },
    has_account_structures: { type: "boolean", default: false },
    crypto_currency_support: { type: "boolean", default: false },
  },
} as const;
