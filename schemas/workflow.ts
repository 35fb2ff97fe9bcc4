/** Approval workflows: who approves what, in which order. The approval engine reads these. */
import { workflowTypes } from "./approval-types.js";

/** the types with workflows of their own: derived from the resources' `approval` declarations (generated) */
export { workflowTypes };
export const approvalTriggers = [
  "DEFAULT", "APPROVER_AMOUNT", "AMOUNT", "SUBSIDIARY", "DEPARTMENT", "LOCATION", "VENDOR", "ACCOUNT", "VENDOR_PO", "INVOICE_PO",
  "CUSTOM_QUESTION", "CUSTOM_TRIGGER",
] as const;
export const approverTypes = ["USER", "TEAM", "CUSTOM_APPROVERS", "OTHER"] as const;

/** One step: when `trigger` matches (amount range, listed ids or names…), the approvers of `approver_type` must approve. */
export const workflowStepSchema = {
  type: "object",
  additionalProperties: false,
  required: ["order", "trigger", "approver_type"],
  properties: {
    order: { type: "integer", minimum: 1 },
    trigger: { type: "string", enum: approvalTriggers },
    min_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    max_amount: { type: ["string", "null"], format: "money", "x-sign": "nonNegative" },
    /** the subsidiaries, vendors, accounts … the trigger matches */
    ids: { type: "array", maxItems: 500, items: { type: "integer" }, default: [] },
    /** the department or location names a DEPARTMENT / LOCATION step matches (records carry names, not ids) */
    names: { type: "array", maxItems: 200, items: { type: "string", minLength: 1, maxLength: 100 }, default: [] },
    approver_type: { type: "string", enum: approverTypes },
    /** contacts (USER, CUSTOM_APPROVERS) or teams (TEAM) */
    approver_ids: { type: "array", maxItems: 100, items: { type: "integer" }, default: [] },
    /** every approver must approve, rather than any one */
    require_all: { type: "boolean", default: false },
  },
} as const;

export const workflowSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "workflow_type"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100 },
    workflow_type: { type: "string", enum: workflowTypes },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "INACTIVE" },
    allow_self_approval: { type: "boolean", default: false },
    steps: { type: "array", maxItems: 50, items: workflowStepSchema, default: [] },
  },
} as const;
