/** The chart of accounts: general-ledger accounts, optionally nested under a parent account. */
export const accountTypes = ["Asset", "Liability", "Equity", "Income", "Expense", "Bank"] as const;

export const accountSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "name", "account_type_name"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 30, "x-unique": true },
    name: { type: "string", minLength: 1, maxLength: 200 },
    account_type_name: { type: "string", enum: accountTypes },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
    parent_id: { type: ["integer", "null"], "x-references": "accounts" },
  },
} as const;
