export const subsidiarySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "currency_code"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    external_id: { type: ["string", "null"], maxLength: 100 },
    sub_type: { type: "string", enum: ["HQ", "NZFC", "PTYA"], default: "HQ" },
    country: { type: ["string", "null"], pattern: "^[A-Z]{2}$" },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    exchange_rate: { type: "string", format: "decimal", default: "1" },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
