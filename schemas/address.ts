/** A postal address of the company, a vendor or a contact (polymorphic owner). */
export const addressOwnerTypes = ["Company", "Vendor", "Contact"] as const;

export const addressSchema = {
  type: "object",
  additionalProperties: false,
  required: ["address1", "city", "country", "owner_id"],
  properties: {
    label: { type: ["string", "null"], maxLength: 100 },
    address1: { type: "string", minLength: 1, maxLength: 200 },
    address2: { type: ["string", "null"], maxLength: 200 },
    city: { type: "string", minLength: 1, maxLength: 100 },
    state: { type: ["string", "null"], maxLength: 100 },
    zipcode: { type: ["string", "null"], maxLength: 20 },
    country: { type: "string", pattern: "^[A-Z]{2}$" },
    owner_type: { type: "string", enum: addressOwnerTypes, default: "Company" },
    owner_id: { type: "integer" },
    is_primary: { type: "boolean", default: false },
  },
} as const;
