import { defineResource } from "../src/framework/resource.js";
import { workflowSchema } from "../schemas/workflow.js";
import { activeInactive } from "./teams.js";
import { activation } from "./shared/status_actions.js";

/**
 * Approval workflows (spec /workflow). The server checks the steps (approvers exist in the company,
 * amount ranges, ids or names of the trigger, no custom triggers yet) and that at most one workflow
 * per type is ACTIVE.
 * The approval engine that applies them to records is not part of this resource.
 */
export default defineResource({
  name: "workflows",
  schema: workflowSchema,
  title: "name",
  menu: { group: "admin", order: 3 },
  routes: { list: "/workflow", show: "/workflow/:workflowID", create: "/workflow/new", edit: "/workflow/:workflowID/edit" },
  permissions: {
    list: ["allowApprovalSetting"],
    show: ["allowApprovalSetting"],
    create: ["allowApprovalSetting"],
    edit: ["allowApprovalSetting"],
    delete: ["allowApprovalSetting"],
  },
  statuses: activeInactive,
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "workflow_type", kind: "enum", filterable: true },
    { field: "steps_summary", sortable: false },
    { field: "allow_self_approval", kind: "boolean", filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["name"],
  indexes: ["workflow_type", "status"],
  computed: ["steps_summary"],
  recordActions: activation(["allowApprovalSetting"]),
  rowActions: [
    { action: "edit", permission: ["allowApprovalSetting"] },
    { action: "delete", permission: ["allowApprovalSetting"], when: { status: "INACTIVE" }, confirm: "confirm.deleteWorkflow" },
  ],
});
