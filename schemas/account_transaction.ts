/** One journal line: lines of one entry share `entry_number`, and an entry's debits equal its credits. */
export const transactionTypes = ["Invoice", "Accrual", "Payment", "Purchase", "CardTransaction", "Statement", "ExpenseReport", "PostingPeriod"] as const;

export const accountTransactionSchema = {
  type: "object",
  additionalProperties: false,
  required: ["date", "account_id", "entry_number", "account_transactionable_type", "account_transactionable_id"],
  properties: {
    date: { type: "string", format: "date" },
    description: { type: ["string", "null"], maxLength: 500 },
    account_id: { type: "integer", "x-references": "accounts" },
    debit_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    credit_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    entry_number: { type: "string", minLength: 1, maxLength: 30 },
    /** the source document the entry posts */
    account_transactionable_type: { type: "string", enum: transactionTypes },
    account_transactionable_id: { type: "integer" },
    /** the line as the source document had it, before conversion to the functional currency (docs/currency.md) */
    orig_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    orig_currency: { type: ["string", "null"], pattern: "^[A-Z]{3}$" },
    /** the posting period the entry is posted in (ledger/periods.ts): its date's, or the next open one when that was closed */
    posting_period_id: { type: ["integer", "null"], "x-references": "posting_periods" },
    posting_period_name: { type: ["string", "null"], maxLength: 30 },
    /** dated in a closed period, posted in the next open one */
    prior_period: { type: "boolean", default: false },
  },
} as const;
