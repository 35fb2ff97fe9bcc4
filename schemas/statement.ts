/** A card account's periodic statement. Only the last four digits of the account number are stored. */
export const statementSchema = {
  type: "object",
  additionalProperties: false,
  required: ["account_number", "begin_date", "close_date", "due_date", "currency_code"],
  properties: {
    external_id: { type: ["string", "null"], maxLength: 100 },
    version_seq: { type: "integer", minimum: 1, default: 1 },
    card_program_id: { type: ["integer", "null"], "x-references": "card_programs" },
    account_number: { type: "string", pattern: "^[0-9]{4}$" },
    begin_date: { type: "string", format: "date" },
    close_date: { type: "string", format: "date" },
    previous_balance: { type: "string", format: "money", "x-sign": "signed", default: "0" },
    transaction_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    credit_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    payment_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    /** previous_balance + transaction_amount − credit_amount − payment_amount */
    current_balance: { type: "string", format: "money", "x-sign": "signed", default: "0" },
    minimum_payment: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    available_credit: { type: "string", format: "money", "x-sign": "signed", default: "0" },
    due_date: { type: "string", format: "date" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    status: { type: "string", enum: ["NEW", "OPEN", "APPROVED", "CLOSED", "PAID"], default: "NEW" },
    statement_type: { type: "string", enum: ["CREDIT", "DEBIT", "PREPAID"], default: "CREDIT" },
  },
} as const;
