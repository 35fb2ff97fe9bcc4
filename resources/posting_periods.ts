import { defineResource } from "../src/framework/resource.js";
import { postingPeriodSchema } from "../schemas/posting_period.js";

/** The input of /reopen: why the closed period is opened again (kept in its audit trail). */
const reopenInput = {
  type: "object",
  required: ["reason"],
  properties: { reason: { type: "string", minLength: 3, maxLength: 500 } },
} as const;

const journalExport = ["view2Transactions", "listAdministrations"];

/**
 * Posting periods (docs/ledger.md): a month of the company's ledger, OPEN or CLOSED. Periods are
 * created as entries are posted (or here, ahead of time); closing needs `closePostingPeriods`,
 * reopening `reopenPostingPeriods` and a reason — both keys are ours, the spec names none. The close
 * checklist is a view of the period.
 */
export default defineResource({
  name: "posting_periods",
  schema: postingPeriodSchema,
  title: "name",
  menu: { group: "accounting", order: 4 },
  routes: { list: "/posting_periods", show: "/posting_periods/:postingPeriodID", create: "/posting_periods/new" },
  permissions: {
    list: ["view2Transactions", "listAdministrations"],
    show: ["view2Transactions", "readAdministrations"],
    create: ["closePostingPeriods"],
  },
  statuses: { field: "status", values: [{ code: "OPEN", color: "green" }, { code: "CLOSED", color: "default" }] },
  columns: [
    { field: "name", link: "show", filterable: true },
    { field: "start_date", kind: "date", filterable: true },
    { field: "end_date", kind: "date", filterable: true },
    { field: "status", kind: "status", filterable: true },
    { field: "closed_at", kind: "datetime", hidden: true },
    { field: "closed_by.email", hidden: true },
    { field: "revalued_on", kind: "date", hidden: true },
  ],
  defaultSort: { field: "start_date", order: "desc" },
  search: ["name"],
  indexes: ["start_date", "status"],
  serverFields: ["name", "end_date"],
  relations: {
    closed_by: { kind: "belongsTo", resource: "users", foreignKey: "closed_by_id", fields: ["id", "email"] },
  },
  recordActions: [
    { name: "checklist", kind: "view", label: "posting_periods.actions.checklist", permission: ["view2Transactions", "readAdministrations"] },
    { name: "close", kind: "post", label: "posting_periods.actions.close", permission: ["closePostingPeriods"], when: { status: "OPEN" }, confirm: "confirm.closePostingPeriod" },
    { name: "reopen", kind: "post", label: "posting_periods.actions.reopen", permission: ["reopenPostingPeriods"], when: { status: "CLOSED" }, input: reopenInput, danger: true },
    // the period's journal as a file to import (docs/ledger.md "Journal export"); ?layout= also chooses the layout of journal.csv / journal.xlsx
    { name: "journal.csv", kind: "download", label: "posting_periods.actions.exportCsv", permission: journalExport },
    { name: "journal.xlsx", kind: "download", label: "posting_periods.actions.exportXlsx", permission: journalExport },
    { name: "quickbooks.csv", kind: "download", label: "posting_periods.actions.exportQuickbooks", permission: journalExport },
    { name: "xero.csv", kind: "download", label: "posting_periods.actions.exportXero", permission: journalExport },
    { name: "netsuite.csv", kind: "download", label: "posting_periods.actions.exportNetsuite", permission: journalExport },
    { name: "revalue", kind: "post", label: "posting_periods.actions.revalue", permission: ["closePostingPeriods"], when: { revalued_on: null }, confirm: "confirm.revaluePostingPeriod" },
  ],
});
