import { defineResource } from "../src/framework/resource.js";
import { creditColumns, creditInboxStatuses, creditRelations, creditBase } from "./shared/payment_views.js";

/** Credit-memo inbox: credits received (status NEW) to review, edit and submit (→ PENDING). */
export default defineResource({
  ...creditBase,
  name: "credit_memo_inbox",
  table: "payments",
  module: "credit_memos_active",
  baseFilter: { record_type: "CREDIT", status: "NEW" },
  menu: { group: "payables", order: 11 },
  routes: {
    list: "/credit_memo_inbox",
    // ours (the spec lists no create path): a credit memo keyed into the inbox from the vendor's document
    create: "/credit_memo_inbox/new",
    edit: "/credit_memo_inbox/:credit_memo_ID",
  },
  permissions: {
    list: ["listCreditMemoInbox", "listInboxCreditMemos"],
    show: ["listCreditMemoInbox", "listInboxCreditMemos"],
    create: ["editCreditMemoInbox", "editInboxCreditMemos"],
    edit: ["editCreditMemoInbox", "editInboxCreditMemos"],
    delete: ["deleteCreditMemos"],
  },
  statuses: creditInboxStatuses,
  columns: creditColumns,
  defaultSort: { field: "id", order: "desc" },
  relations: creditRelations,
  // the inbox is where a received credit is reviewed and submitted (spec 2.15 "credit memo inbox edit")
  approvable: { type: "CreditMemo", submittable: ["NEW"], permission: ["editCreditMemoInbox", "editInboxCreditMemos"] },
  rowActions: [
    { action: "edit", permission: ["editCreditMemoInbox", "editInboxCreditMemos"], when: { status: "NEW" } },
    { action: "delete", permission: ["deleteCreditMemos"], when: { is_payment_allow_to_delete: true }, confirm: "confirm.deleteVendorCredit" },
  ],
});
