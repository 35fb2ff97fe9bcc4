/**
 * A virtual, ghost, physical or fleet card. Only the last four digits of its number are stored:
 * the full number stays with the card provider.
 */
export const cardTypes = ["VIRTUAL", "GHOST", "PHYSICAL", "FLEET"] as const;

export const virtualCardSchema = {
  type: "object",
  additionalProperties: false,
  required: ["last4", "card_type", "amount", "currency_code"],
  properties: {
    last4: { type: "string", pattern: "^[0-9]{4}$" },
    card_type: { type: "string", enum: cardTypes, default: "VIRTUAL" },
    /** the card holder */
    contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** the spending limit */
    amount: { type: "string", format: "money", "x-sign": "nonNegative" },
    /** limit minus authorized and cleared spend (server-kept) */
    remaining_amount: { type: "string", format: "money", "x-sign": "nonNegative", default: "0" },
    expiry: { type: ["string", "null"], format: "date" },
    card_program_id: { type: ["integer", "null"], "x-references": "card_programs" },
    status: { type: "string", enum: ["PENDING", "ACTIVE", "INACTIVE", "APPROVED", "REJECTED", "BLOCKED", "TEMPORARY BLOCK"], default: "PENDING" },
    purchasing_profile_name: { type: ["string", "null"], maxLength: 200 },
    card_employee_number: { type: ["string", "null"], maxLength: 60 },
    issue_date: { type: ["string", "null"], format: "date" },
    external_id: { type: ["string", "null"], maxLength: 100 },
    replacement_card: { type: "boolean", default: false },
    purchase_order_ids: { type: "array", maxItems: 100, items: { type: "integer" }, "x-references": "purchase_orders", default: [] },
    description: { type: ["string", "null"], maxLength: 2000 },
    subsidiary_id: { type: ["integer", "null"], "x-references": "subsidiaries" },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    start_date: { type: ["string", "null"], format: "date" },
    end_date: { type: ["string", "null"], format: "date" },
    per_transaction_min: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    per_transaction_max: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    is_reload_balance_monthly: { type: "boolean", default: false },
    is_international_usage: { type: "boolean", default: false },
    currency_code: { type: "string", pattern: "^[A-Z]{3}$" },
    fleet_vehicle_number: { type: ["string", "null"], maxLength: 60 },
    fleet_vehicle_description: { type: ["string", "null"], maxLength: 200 },
    fleet_vin: { type: ["string", "null"], maxLength: 17 },
    fleet_license_plate: { type: ["string", "null"], maxLength: 20 },
    fleet_registration_expiry_date: { type: ["string", "null"], format: "date" },
    fleet_driver_license_number: { type: ["string", "null"], maxLength: 40 },
    fleet_driver_license_state: { type: ["string", "null"], maxLength: 40 },
    misc_1: { type: ["string", "null"], maxLength: 200 },
    misc_2: { type: ["string", "null"], maxLength: 200 },
    has_pending_create_event: { type: "boolean", default: false },
    /** who requested the card (server-filled) */
    submitter_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** the user who created it (server-filled; segregation of duties: a creator does not approve it) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
