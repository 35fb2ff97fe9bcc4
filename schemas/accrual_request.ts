/** A request sent to a vendor to report an accrual for a service period (answered on the vendor portal). */
export const accrualRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["number", "vendor_id"],
  properties: {
    number: { type: "string", minLength: 1, maxLength: 60 },
    status: { type: "string", enum: ["NEW", "SENT", "SUBMITTED", "CLOSED"], default: "NEW" },
    vendor_id: { type: "integer", "x-references": "vendors" },
    /** the staff contact who asks (spec "purchaser") */
    purchaser_id: { type: ["integer", "null"], "x-references": "contacts" },
    service_date: { type: ["string", "null"], format: "date" },
    start_date: { type: ["string", "null"], format: "date" },
    end_date: { type: ["string", "null"], format: "date" },
    /** spec message.status: the e-mail's delivery state */
    message_status: { type: ["string", "null"], enum: ["sent", "not sent", "delivered", "opened", "withheld", "bounced", null] },
    /** spec message.token: opens /private/{token}/accruals for the vendor */
    token: { type: ["string", "null"], maxLength: 100 },
    accrual_id: { type: ["integer", "null"], "x-references": "accruals" },
    no_accrual_needed: { type: "boolean", default: false },
    /** the blast that asked (null: a request on its own) */
    accrual_blast_id: { type: ["integer", "null"], "x-references": "accrual_blasts" },
    /** the vendor's answer, kept here until the blast is booked (booking creates the accrual) */
    response_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    description: { type: ["string", "null"], maxLength: 2000 },
    /** the vendor's portal contact who answered (null: answered through the private link) */
    responder_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    answered_at: { type: ["string", "null"], format: "date-time" },
  },
} as const;

/**
 * A vendor's answer to an accrual request (portal action submit_accrual and the private link): an
 * amount with a description and service period, or no_accrual_needed. The amount is required unless
 * no accrual is needed (checked by the server: accrual-answers.ts).
 */
export const accrualAnswerSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    no_accrual_needed: { type: "boolean" },
    amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    description: { type: ["string", "null"], maxLength: 2000 },
    start_date: { type: ["string", "null"], format: "date" },
    end_date: { type: ["string", "null"], format: "date" },
  },
} as const;
