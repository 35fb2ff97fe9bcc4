export const purchaseOrderSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "vendor_id", "date", "currency_code"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    vendor_id: { type: "integer", "x-references": "vendors" },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    requestor_id: { type: ["integer", "null"], "x-references": "contacts" },
    date: { type: "string", format: "date" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    open_balance: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    invoice_balance: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    accrual_balance: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** units of the company's functional currency per unit of currency_code at the document's date, fixed by the server (docs/currency.md) */
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    /** amount × exchange_rate in the company's functional currency (a generated column) */
    amount_in_functional: { type: "string", format: "money", "x-sign": "nonNegative", readOnly: true },
    po_type: { type: "string", enum: ["single vendor", "multiple vendor", "expense reimbursement", "corporate card"], default: "single vendor" },
    status: { type: "string", enum: ["DRAFT", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED"], default: "DRAFT" },
    department: { type: ["string", "null"], maxLength: 100 },
    project_name: { type: ["string", "null"], maxLength: 100 },
    description: { type: ["string", "null"], maxLength: 2000 },
    fully_matched: { type: "boolean", default: false },
    /** the approval workflow's state; null when no workflow applies (data-spec 4 "Approval workflow") */
    approval_status: { type: ["string", "null"], enum: ["NEW", "PENDING", "APPROVED", "REJECTED", null] },
    budget_id: { type: ["integer", "null"], "x-references": "budgets" },
    multiple_vendors: { type: "boolean", default: false },
    po_subtype: { type: ["string", "null"], enum: ["Inventory", "Project", null] },
    /** server-kept: a line still has qty_received < quantity (what /receiving/purchase_orders lists) */
    awaiting_receipt: { type: "boolean", default: false },
    /** the card issued for a corporate-card PO (/po_requiring_vcards lists those without one); the
     *  foreign key to vcards is added by the cards entity */
    vcard_id: { type: ["integer", "null"] },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
    /** the vendor's acknowledgement of the order from the portal (server-filled: when, and the vendor's login) */
    acknowledged_at: { type: ["string", "null"], format: "date-time", readOnly: true },
    acknowledged_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
    /** closed by its close or cancel action (domain/purchasing/po-lifecycle.ts): when, and why — COMPLETED (what was
     *  received and invoiced stands, the rest is freed) or CANCELLED (called off before anything was received or invoiced) */
    closed_at: { type: ["string", "null"], format: "date-time", readOnly: true },
    close_reason: { type: ["string", "null"], enum: ["COMPLETED", "CANCELLED", null], readOnly: true },
  },
} as const;
