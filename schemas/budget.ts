/** A spending budget for a period; purchase orders draw on it through purchase_orders.budget_id. */
export const budgetSchema = {
  type: "object",
  additionalProperties: false,
  required: ["label", "amount", "currency_code", "start_date", "end_date"],
  properties: {
    label: { type: "string", minLength: 1, maxLength: 200 },
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    start_date: { type: "string", format: "date" },
    end_date: { type: "string", format: "date" },
    department: { type: ["string", "null"], maxLength: 100 },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    status: { type: "string", enum: ["ACTIVE", "CLOSED"], default: "ACTIVE" },
    /** what a submit that would overspend the budget meets: a warning, or a refusal (ledger/budget-check.ts) */
    overrun_action: { type: "string", enum: ["WARN", "STOP"], default: "WARN" },
  },
} as const;
