/** A delegation: while it runs (start_date..end_date), the delegate may act for the delegator. */
export const delegationTypes = ["Approval", "All"] as const;

export const delegationSchema = {
  type: "object",
  additionalProperties: false,
  required: ["delegator_contact_id", "delegate_contact_id", "start_date"],
  properties: {
    delegator_contact_id: { type: "integer", "x-references": "contacts" },
    delegate_contact_id: { type: "integer", "x-references": "contacts" },
    /** Approval: approvals only; All: everything the delegator may act on (today: approvals) */
    delegate_type: { type: "string", enum: delegationTypes, default: "Approval" },
    start_date: { type: "string", format: "date" },
    /** open-ended when null */
    end_date: { type: ["string", "null"], format: "date" },
    /** why an administrator set up someone else's delegation (required then; the delegator is told) */
    reason: { type: ["string", "null"], maxLength: 500 },
  },
} as const;
