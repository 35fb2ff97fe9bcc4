/**
 * What every view of the invoices table shares with the invoices resource (schema, statuses,
 * server and computed fields, belongs-to relations and documents, module): a view only adds its own routes,
 * guard, base filter, columns and row actions. Lives in a sub-folder so the registry skips it.
 */
import invoices from "../invoices.js";
import type { ColumnDef, RecordNotice } from "../../src/framework/resource.js";

const { vendor, subsidiary, purchase_orders, match_exceptions, documents } = invoices.relations;
const invoiceNotices: readonly RecordNotice[] = invoices.notices;

export const invoiceViewBase = {
  table: "invoices",
  schema: invoices.schema,
  title: invoices.title,
  module: invoices.module,
  statuses: invoices.statuses,
  serverFields: invoices.serverFields,
  computed: invoices.computed,
  search: invoices.search,
  // documents: the invoice's PDF beside the inbox's edit form
  relations: { vendor, subsidiary, purchase_orders, documents },
} as const;

/** An inbox edits the invoice: what holds it heads the form (its notices; the override stays on the invoice's own page). */
export const invoiceInboxBase = {
  ...invoiceViewBase,
  relations: { ...invoiceViewBase.relations, match_exceptions },
  notices: invoiceNotices.map(({ action: _onTheInvoice, ...notice }) => notice),
} as const;

/** The number links to the invoice's own show page (views have none). */
export const invoiceNumberColumn: ColumnDef = { field: "number", link: "show", linkResource: "invoices", linkIdField: "id", filterable: true };
export const invoiceVendorColumn: ColumnDef = { field: "vendor.name", link: "show", linkResource: "vendors", linkIdField: "vendor_id", filterable: true };
