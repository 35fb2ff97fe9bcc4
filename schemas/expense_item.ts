/** One expense (a receipt, a mileage claim or per-diem days), usually on an expense report. */
export const expenseTypes = ["single expense", "mileage", "per diem"] as const;

export const expenseItemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["date", "merchant"],
  properties: {
    expense_report_id: { type: ["integer", "null"], "x-references": "expense_reports" },
    /** defaults to the report's employee, else the signed-in user's contact */
    employee_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    date: { type: "string", format: "date" },
    merchant: { type: "string", minLength: 1, maxLength: 200 },
    /** expense category (categories belong to another module: a plain id plus its name for display and policy checks) */
    category_id: { type: ["integer", "null"] },
    category_name: { type: ["string", "null"], maxLength: 100 },
    /** typed for a single expense; priced by the server for mileage (distance × the company's rate) and per diem (the policy's rate × days) */
    amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** defaults to the report's currency, else the company's */
    currency_code: { type: ["string", "null"], pattern: "^[A-Z]{3}$" },
    expense_type: { type: "string", enum: expenseTypes, default: "single expense" },
    mileage_distance: { type: ["string", "null"], format: "decimal" },
    per_diem_days: { type: ["integer", "null"], minimum: 1 },
    description: { type: ["string", "null"], maxLength: 2000 },
    receipt_attached: { type: "boolean", default: false },
    /** the receipt it was created from (receipts belong to another module: a plain id) */
    receipt_id: { type: ["integer", "null"] },
    reimbursable: { type: "boolean", default: true },
    status: { type: "string", enum: ["PENDING", "REJECTED", "APPROVED", "OPEN", "NEW", "PAID", "DRAFT", "CLOSED"], default: "NEW" },
    /** why the item breaks its report's policy; null when it does not (server-filled) */
    policy_violation: { type: ["string", "null"] },
    purchase_order_id: { type: ["integer", "null"], "x-references": "purchase_orders" },
  },
} as const;
