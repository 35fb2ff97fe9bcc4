/**
 * What a clerk's correction taught about one vendor's invoice layout: per field, the label wording
 * and where the value stands relative to it, used before the general rules on the next invoice of
 * that vendor and layout (src/server/domain/capture/layouts.ts).
 */
export const captureLayoutSchema = {
  type: "object",
  additionalProperties: false,
  required: ["vendor_id", "layout_key"],
  properties: {
    vendor_id: { type: "integer", "x-references": "vendors" },
    layout_key: { type: "string", maxLength: 100 },
    rules: { type: "object", default: {} },
    corrections: { type: "integer", default: 0 },
  },
} as const;
