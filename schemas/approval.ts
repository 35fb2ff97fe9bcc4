import { approvableTypes } from "./approval-types.js";

/**
 * What an approval can be about: a record of a type some resource declares an `approval` of — a
 * workflow type's record, a card purchase (Purchase, through the VirtualCard workflows) or a payment
 * method whose bank details changed (PaymentMethod, through the Vendor workflows). The list is derived
 * from the declarations (schemas/approval-types.ts, generated).
 */
export { approvableTypes };

/** One approver's step on one record. pending is open and actionable; approved and rejected are final. */
export const approvalSchema = {
  type: "object",
  additionalProperties: false,
  required: ["approvable_type", "approvable_id"],
  properties: {
    approvable_type: { type: "string", enum: approvableTypes },
    /** the record's id in the table of its type (polymorphic: no foreign key) */
    approvable_id: { type: "integer" },
    step: { type: "integer", minimum: 1, default: 1 },
    contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** approver team (the teams table comes later; a plain id until then) */
    team_id: { type: ["integer", "null"] },
    aasm_state: { type: "string", enum: ["pending", "approved", "rejected"], default: "pending" },
    /** the step is done only when every approver of it approved (else any one approval completes it) */
    require_all: { type: "boolean", default: false },
    is_claimed: { type: "boolean", default: false },
    acted_at: { type: ["string", "null"], format: "date-time" },
    acted_by_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    on_behalf_of_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    comment: { type: ["string", "null"], maxLength: 2000 },
    /** who (re)started the chain this row belongs to: the requester, told when the chain ends */
    submitted_by_id: { type: ["integer", "null"], "x-references": "users" },
  },
} as const;
