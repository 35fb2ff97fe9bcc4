/** An employee's expense report; its amount is the sum of its expense items (kept by the server). */
export const expenseReportStatusCodes = ["DRAFT", "NEW", "PENDING", "OPEN", "REJECTED", "PAID", "CLOSED"] as const;

export const expenseReportSchema = {
  type: "object",
  additionalProperties: false,
  // number (ER-nnnnn), employee (the signed-in user's contact) and currency (the company's) default on the server
  required: ["date"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60, "x-unique": true },
    employee_contact_id: { type: "integer", "x-references": "contacts" },
    date: { type: "string", format: "date" },
    submit_date: { type: ["string", "null"], format: "date" },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    /** the policy its items are checked against */
    policy_id: { type: ["integer", "null"], "x-references": "policies" },
    reimbursable: { type: "boolean", default: true },
    /** base amount, in currency_code: the sum of the items */
    amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** units of the company's functional currency per unit of currency_code at the report's date, fixed by the server (docs/currency.md) */
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    /** amount × exchange_rate in the company's functional currency (a generated column) */
    converted_amount: { type: "string", format: "money", "x-sign": "nonNegative", readOnly: true },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    project_name: { type: ["string", "null"], maxLength: 200 },
    status: { type: "string", enum: expenseReportStatusCodes, default: "NEW" },
    description: { type: ["string", "null"], maxLength: 2000 },
    /** the distinct expense types of its items (filter of the approvals list) */
    expense_types: { type: "array", maxItems: 50, items: { type: "string" }, default: [] },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
