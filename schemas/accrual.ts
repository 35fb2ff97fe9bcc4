/** An accrual: an expense incurred but not yet invoiced, booked against a vendor (data-spec "Accrual"). */
export const accrualTypes = ["Vendor", "PurchaseOrder", "PoItem", "General", "Bonus", "Payroll", "Vacation", "Reversed", "Closed"] as const;

export const accrualSchema = {
  type: "object",
  additionalProperties: false,
  // the number, vendor, amount and currency may come from the server: a number it issues, the rest from the
  // purchase order or PO line the accrual is made from (accrual-create.ts); it answers 422 when none does
  required: ["date"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    vendor_id: { type: "integer", "x-references": "vendors" },
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
    /** the PO line accrued (accrual_type PoItem): its order, vendor, account and unbilled amount fill the accrual */
    po_item_id: { type: ["integer", "null"], "x-references": "po_items" },
    date: { type: "string", format: "date" },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    /** server-kept: amount − what invoices have matched (accrual_invoice_links) */
    balance: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    status: { type: "string", enum: ["NEW", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED"], default: "NEW" },
    accrual_type: { type: "string", enum: accrualTypes, default: "Vendor" },
    auto_reverse: { type: "boolean", default: false },
    /** the GL account the accrual is booked to (plain strings: no accounts entity yet) */
    account_number: { type: ["string", "null"], maxLength: 30 },
    account_name: { type: ["string", "null"], maxLength: 200 },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    description: { type: ["string", "null"], maxLength: 2000 },
    accrual_request_id: { type: ["integer", "null"], "x-references": "accrual_requests" },
    accrual_blast_id: { type: ["integer", "null"], "x-references": "accrual_blasts" },
    submitter_type: { type: "string", enum: ["VENDOR", "COMPANY"], default: "COMPANY" },
    submitter_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** the push to the accounting system failed (shown as SYNC FAILED) */
    is_system_error: { type: "boolean", default: false },
    no_push: { type: "boolean", default: false },
    /** server-kept journal dates (accrual-ledger.ts): posted (the accrual's date), reversed (day 1 of the next period, or the reverse action's date), closed */
    posted_on: { type: ["string", "null"], format: "date" },
    reversed_on: { type: ["string", "null"], format: "date" },
    closed_on: { type: ["string", "null"], format: "date" },
  },
} as const;
