import { defineResource } from "../src/framework/resource.js";
import { accrualEntrySchema } from "../schemas/accrual_entry.js";

const readKeys = ["readAccrualBlasts", "readAccrualsBlast"] as const;
const addKeys = ["addAccrualBlasts", "addAccrualsBlast"] as const;

/**
 * One vendor of an accrual blast: NEW (added), SENT (asked), RESPONDED (answered with an amount; its
 * accrual once the blast is booked), NO ACCRUAL (answered: nothing to accrue). Vendors join or leave a blast only while it
 * is ACTIVE or INACTIVE; an entry that has an answer stays.
 */
export default defineResource({
  name: "accrual_entries",
  schema: accrualEntrySchema,
  title: "id",
  module: "accruals_active",
  menu: false,
  routes: { show: "/accrual_entries/:accrualEntryID" },
  permissions: { list: readKeys, show: readKeys, create: addKeys, delete: addKeys },
  statuses: {
    field: "status",
    values: [
      { code: "NEW", color: "blue" },
      { code: "SENT", color: "gold" },
      { code: "RESPONDED", color: "green" },
      { code: "NO ACCRUAL", color: "default" },
    ],
  },
  columns: [
    { field: "accrual_blast.number", link: "show", linkResource: "accrual_blasts", linkIdField: "accrual_blast_id" },
    { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true },
    { field: "response_amount", kind: "money", total: true, filterable: true },
    { field: "accrual.number", link: "show", linkResource: "accruals", linkIdField: "accrual_id" },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "asc" },
  indexes: ["accrual_blast_id", "vendor_id", "status", "accrual_id"],
  relations: {
    accrual_blast: { kind: "belongsTo", resource: "accrual_blasts", foreignKey: "accrual_blast_id", fields: ["id", "number", "label", "status"] },
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name"] },
    accrual: { kind: "belongsTo", resource: "accruals", foreignKey: "accrual_id", fields: ["id", "number", "amount", "status"] },
  },
  rowActions: [{ action: "delete", permission: addKeys, when: { status: ["NEW", "SENT"], "accrual_blast.status": ["ACTIVE", "INACTIVE"] } }],
});
