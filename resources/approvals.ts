import { defineResource } from "../src/framework/resource.js";
import { approvalSchema } from "../schemas/approval.js";
import { approvalColumns, approvalRelations, approvalStatuses } from "./shared/approval_views.js";

/**
 * Approvals of every workflow type (GET /api/approvals/{id} of the spec). The approval engine
 * (src/server/domain/approvals/engine.ts) creates them and acts on them through the declared actions
 * approve (also in bulk), reject and claim; as a resource they are read-only. The approver screens are the per-type
 * views (invoices_approval, payments_approval, payment_runs_approval, credit_memos_approval).
 */
const approverKeys = ["invoices_active", "payments_active", "credit_memos_active", "purchase_orders_active", "expenses_active", "vendors_active", "virtual_cards_active"];

const commentInput = { type: "object", additionalProperties: false, properties: { comment: { type: ["string", "null"], maxLength: 2000 } } } as const;

export default defineResource({
  name: "approvals",
  schema: approvalSchema,
  title: "id",
  menu: false,
  routes: {},
  // the approver-style module keys of every approvable type (spec 2.15: each approval list is guarded by its module)
  permissions: { list: approverKeys, show: approverKeys },
  statuses: approvalStatuses,
  columns: [{ field: "approvable_type", kind: "enum", filterable: true }, ...approvalColumns],
  defaultSort: { field: "id", order: "desc" },
  indexes: [["approvable_type", "approvable_id"], ["approvable_type", "aasm_state"], "contact_id", "created_at"],
  serverFields: ["submitted_by_id"],
  computed: ["approvable"],
  relations: approvalRelations,
  // the approval engine decides who may act (an approver of the step, a delegate, a team member): no further keys
  recordActions: [
    { name: "approve", kind: "post", label: "approval.approve", permission: [], input: commentInput, bulk: true },
    { name: "reject", kind: "post", label: "approval.reject", permission: [], input: commentInput },
    { name: "claim", kind: "post", label: "approval.claim", permission: [] },
  ],
});
