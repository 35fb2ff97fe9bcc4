import { defineResource } from "../src/framework/resource.js";
import { delegationSchema } from "../schemas/delegation.js";

/**
 * Approval delegations (spec /delegations): a delegate acting within the dates approves "on behalf
 * of" the delegator (approvals.on_behalf_of_contact_id). Read by the approval engine.
 */
export default defineResource({
  name: "delegations",
  schema: delegationSchema,
  title: "id",
  menu: false,
  routes: { list: "/delegations" },
  permissions: {
    list: ["allowApprovalSetting"],
    show: ["allowApprovalSetting"],
    create: ["allowApprovalSetting"],
    edit: ["allowApprovalSetting"],
    delete: ["allowApprovalSetting"],
  },
  columns: [
    { field: "delegator_contact_id", filterable: true },
    { field: "delegate_contact_id", filterable: true },
    { field: "delegate_type", kind: "enum", filterable: true },
    { field: "start_date", kind: "date", filterable: true },
    { field: "end_date", kind: "date", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  indexes: ["delegator_contact_id", "delegate_contact_id"],
});
