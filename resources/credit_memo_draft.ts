import { defineResource } from "../src/framework/resource.js";
import { creditColumns, creditInboxStatuses, creditRelations, creditBase } from "./shared/payment_views.js";

/** Credit-memo drafts (status DRAFT): administrators only (roleService, root), spec 2.15. */
export default defineResource({
  ...creditBase,
  name: "credit_memo_draft",
  table: "payments",
  module: "credit_memos_active",
  baseFilter: { record_type: "CREDIT", status: "DRAFT" },
  menu: { group: "payables", order: 13 },
  routes: {
    list: "/credit_memo_draft",
    // ours (the spec lists no create path)
    create: "/credit_memo_draft/new",
    edit: "/credit_memo_draft/:credit_memoID",
  },
  permissions: {
    list: ["roleService", "root"],
    show: ["roleService", "root"],
    create: ["roleService", "root"],
    edit: ["roleService", "root"],
    delete: ["roleService", "root"],
  },
  statuses: creditInboxStatuses,
  columns: creditColumns,
  defaultSort: { field: "id", order: "desc" },
  relations: creditRelations,
  recordActions: [{ name: "to_inbox", kind: "post", label: "statusActions.toInbox", permission: ["roleService", "root"], when: { status: "DRAFT" }, to: "NEW" }],
  rowActions: [
    { action: "edit", permission: ["roleService", "root"], when: { status: "DRAFT" } },
    { action: "delete", permission: ["roleService", "root"], when: { is_payment_allow_to_delete: true }, confirm: "confirm.deleteVendorCredit" },
  ],
});
