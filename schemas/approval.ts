/** The workflow types of data-spec lookups: what an approval can be about. */
export const workflowTypes = ["PurchaseOrder", "Payment", "Invoice", "ExpenseReport", "PaymentRun", "Vendor", "VirtualCard", "CreditMemo"] as const;

/** One approver's step on one record. pending is open and actionable; approved and rejected are final. */
export const approvalSchema = {
  type: "object",
  additionalProperties: false,
  required: ["approvable_type", "approvable_id"],
  properties: {
    approvable_type: { type: "string", enum: workflowTypes },
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
  },
} as const;
