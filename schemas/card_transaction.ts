/**
 * An authorization or settlement on a card. VIRTUAL_CARD transactions are on cards issued here;
 * LINKED_ACCOUNT ones are imported from an external card account linked to the company.
 */
export const cardTransactionSchema = {
  type: "object",
  additionalProperties: false,
  required: ["vendor_name", "transaction_date", "authorized_amount", "currency_code"],
  properties: {
    external_id: { type: ["string", "null"], maxLength: 100 },
    source: { type: "string", enum: ["VIRTUAL_CARD", "LINKED_ACCOUNT"], default: "VIRTUAL_CARD" },
    virtual_card_id: { type: ["integer", "null"], "x-references": "virtual_cards" },
    purchase_id: { type: ["integer", "null"], "x-references": "purchases" },
    /** whether a purchase is linked (server-kept; the list's purchase_has_data parameter) */
    purchase_has_data: { type: "boolean", default: false },
    vendor_name: { type: "string", minLength: 1, maxLength: 200 },
    authorized_amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    /** when the card was used (authorization date) */
    transaction_date: { type: "string", format: "date" },
    posted_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    posted_date: { type: ["string", "null"], format: "date" },
    payment_request_date: { type: ["string", "null"], format: "date" },
    transaction_status: { type: "string", enum: ["Approved", "declined", "CLEARED", "EXPIRED"], default: "Approved" },
    transaction_status_description: { type: ["string", "null"], maxLength: 200 },
    mcc_category: { type: ["string", "null"], maxLength: 100 },
    account_code: { type: ["string", "null"], maxLength: 30 },
    department: { type: ["string", "null"], maxLength: 100 },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    /** units of the company's functional currency per unit of currency_code at the document's date, fixed by the server (docs/currency.md) */
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    /** posted_amount (else authorized_amount) × exchange_rate in the company's functional currency (a generated column) */
    amount_in_functional: { type: "string", format: "money", "x-sign": "nonNegative", readOnly: true },
    receipt_required: { type: "string", enum: ["Yes", "No", "Not required"], default: "Not required" },
    receipt_attached: { type: "boolean", default: false },
    approval_code: { type: ["string", "null"], maxLength: 30 },
    expense_item_id: { type: ["integer", "null"], "x-references": "expense_items" },
    /** the purchase order the spend is matched to (data-spec: purchase_order number, open_balance) */
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
    statement_id: { type: ["integer", "null"], "x-references": "statements" },
  },
} as const;
