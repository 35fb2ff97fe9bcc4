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
  },
} as const;
