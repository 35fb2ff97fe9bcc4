/**
 * What the approvals table and its per-type views share. Each view is the approver's list of one
 * workflow type (spec 2.10-2.12), guarded by the type's module key as spec 2.15 says.
 */
import { approvalSchema } from "../../schemas/approval.js";
import type { ColumnDef, PermissionKeys } from "../../src/framework/resource.js";

export const approvalStatuses = {
  field: "aasm_state",
  values: [
    { code: "pending", color: "gold" },
    { code: "approved", color: "green" },
    { code: "rejected", color: "red" },
  ],
} as const;

export const approvalRelations = {
  contact: { kind: "belongsTo", resource: "contacts", foreignKey: "contact_id", fields: ["id", "first_name", "last_name"] },
  acted_by: { kind: "belongsTo", resource: "contacts", foreignKey: "acted_by_contact_id", fields: ["id", "first_name", "last_name"] },
  on_behalf_of: { kind: "belongsTo", resource: "contacts", foreignKey: "on_behalf_of_contact_id", fields: ["id", "first_name", "last_name"] },
  team: { kind: "belongsTo", resource: "teams", foreignKey: "team_id", fields: ["id", "name"] },
} as const;

/** `approvable` is embedded by the approvals hook: id, number, amount, currency_code, vendor_name, screen. */
export const approvalColumns: readonly ColumnDef[] = [
  { field: "approvable.number", sortable: false },
  { field: "approvable.vendor_name", sortable: false },
  { field: "approvable.amount", kind: "money", currency: "approvable.currency_code", sortable: false },
  { field: "step", kind: "number", filterable: true },
  { field: "contact.last_name", filterable: true },
  { field: "is_claimed", kind: "boolean", filterable: true },
  { field: "created_at", kind: "datetime", filterable: true },
  { field: "acted_at", kind: "datetime", hidden: true, filterable: true },
  { field: "aasm_state", kind: "status", filterable: true },
];

/** A view of the approvals of one workflow type. */
export function approvalView(options: { name: string; type: (typeof approvalSchema.properties.approvable_type.enum)[number]; module: string; guard: PermissionKeys; order: number; group: string }) {
  return {
    name: options.name,
    table: "approvals",
    schema: approvalSchema,
    title: "id",
    module: options.module,
    baseFilter: { approvable_type: options.type },
    menu: { group: options.group, order: options.order },
    permissions: { list: options.guard, show: options.guard },
    statuses: approvalStatuses,
    columns: approvalColumns,
    defaultSort: { field: "id", order: "desc" },
    computed: ["approvable"],
    relations: approvalRelations,
  } as const;
}
