/** A card issuing program at the card provider; cards are issued under a program. */
export const cardProgramSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "program_type"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    external_id: { type: ["string", "null"], maxLength: 100 },
    /** CREDIT programs get statements to pay; DEBIT and PREPAID draw on funds */
    program_type: { type: "string", enum: ["CREDIT", "DEBIT", "PREPAID"] },
    /** the provider's account id of the program */
    account_id: { type: ["string", "null"], maxLength: 100 },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
