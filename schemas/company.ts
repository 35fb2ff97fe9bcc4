/** Company modules (module_settings): switched on and off, all on for a new company. They never grant permission keys. */
export const moduleNames = [
  "invoices_active", "payments_active", "purchase_orders_active", "credit_memos_active", "vendors_active",
  "expenses_active", "virtual_cards_active", "receipts_active", "accruals_active", "budgets_active",
] as const;

/** data-spec 10: the matching variance lookup, in percent */
export const matchingVariances = [0, 5, 10, 15, 20, 25] as const;

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
    accepted_payment_methods: { type: "array", maxItems: 20, items: { type: "string" } },
    multiple_accepted_payment_methods: { type: "boolean", default: false },
    has_payment_workflow: { type: "boolean", default: true },
    has_account_structures: { type: "boolean", default: false },
    /** matching (domain/purchasing/invoice-matching.ts): how far, in percent, an invoice may bill beyond its purchase order */
    matching_variance: { type: "integer", enum: matchingVariances, default: 0 },
    /** three-way matching: an invoice line bills no more than was received on its PO line */
    three_way_matching: { type: "boolean", default: true },
    /** advanced two-way matching: purchase orders show whether they are fully matched (data-spec 5) */
    advanced_two_way_matching: { type: "boolean", default: false },
    crypto_currency_support: { type: "boolean", default: false },
    /** data-spec 6 (Settings > Company Defaults): a card transaction above this amount requires a receipt (docs/cards.md) */
    card_receipt_threshold: { type: "string", format: "money", "x-sign": "nonNegative", default: "75.00" },
    /** mileage expenses: the rate per unit of distance from each date on (the latest `from` on or before an item's date applies) */
    mileage_rates: {
      type: "array", maxItems: 50, default: [],
      items: { type: "object", additionalProperties: false, required: ["from", "rate"], properties: { from: { type: "string", format: "date" }, rate: { type: "string", format: "decimal" } } },
    },
    /**
     * duplicate invoices (payables/invoice-numbers.ts): look-alike invoices are flagged and held from approval and
     * payment until someone other than their creator overrides them; on for a new company
     */
    hold_suspected_duplicates: { type: "boolean", default: true },
    /** Settings > Company Defaults: an expense item above this amount needs a receipt to be submitted */
    expense_receipt_threshold: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    /** a posting dated in a closed posting period: refused (422), or posted in the next open period marked prior_period (docs/ledger.md) */
    closed_period_posting: { type: "string", enum: ["REFUSE", "NEXT_OPEN"], default: "REFUSE" },
  },
} as const;
