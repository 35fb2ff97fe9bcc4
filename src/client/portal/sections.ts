/**
 * The vendor portal's sections (product spec 2.3): which resource each reads through
 * `/api/portal/{resource}` (docs/portal.md), the fields its list shows and where a row opens.
 * Every field named here is among the resource's `portal.fields` (tests/unit/portal-sections.test.ts).
 */
import type { LogicalFilter } from "@refinedev/core";

export interface PortalSection {
  /** menu key and path segment: `/vendor_portal/{key}` */
  key: string;
  /** the resource read through the portal namespace */
  resource: string;
  /** the list's columns, portal fields of the resource */
  columns: string[];
  /** the columns on a phone (below 576 px), when fewer than `columns`; the table scrolls sideways otherwise */
  compact?: string[];
  /** the detail's fields, when the section has a detail page (`/vendor_portal/{key}/:id`) */
  detail?: string[];
  /** has-many relations shown as tables on the detail page: relation name and its fields */
  related?: { relation: string; resource: string; fields: string[] }[];
  /** what the record's payments settled, from its payment links (Remittance.tsx): a payment's invoices, an invoice's payments */
  remittance?: "payment" | "invoice";
  /**
   * A write the vendor starts from a row, on a page of its own (`/vendor_portal/{path}/{id}`): shown
   * when the row's fields (portal fields) hold one of the listed values; the server checks again.
   */
  rowAction?: { label: string; path: string; when: Record<string, string[]> };
}

export const portalPrefix = "/vendor_portal";
/** the data provider's resource name of a portal resource: `GET /api/portal/{resource}` */
export const portalResource = (resource: string) => `portal/${resource}`;

export const portalSections: PortalSection[] = [
  {
    key: "invoices",
    resource: "invoices",
    columns: ["number", "date", "due_date", "amount", "balance_outstanding", "status", "due_status"],
    compact: ["number", "balance_outstanding", "status"],
    detail: [
      "number", "reference_number", "status", "due_status", "date", "due_date", "submit_date", "service_start_date", "service_end_date",
      "amount", "payments_sum", "balance_outstanding", "currency_code",
    ],
    remittance: "invoice",
    related: [{ relation: "purchase_orders", resource: "purchase_orders", fields: ["number"] }],
  },
  {
    key: "payments",
    resource: "payments",
    columns: ["payment_number", "payment_date", "amount", "payment_type", "status", "reference_number", "invoice_numbers"],
    compact: ["payment_number", "amount", "status"],
    detail: ["payment_number", "status", "payment_date", "amount", "currency_code", "payment_type", "reference_number"],
    remittance: "payment",
  },
  {
    key: "purchase_orders",
    resource: "purchase_orders",
    columns: ["number", "date", "description", "amount", "open_balance", "status"],
    compact: ["number", "open_balance", "status"],
    detail: ["number", "status", "date", "description", "amount", "open_balance", "currency_code", "acknowledged_at"],
    related: [{ relation: "po_items", resource: "po_items", fields: ["line", "description", "quantity", "unit_price", "amount", "qty_received"] }],
  },
  {
    key: "invoice_requests",
    resource: "invoice_requests",
    columns: ["sent_date", "purchase_order.number", "status", "message", "invoice.number", "invoice.status"],
    // a phone: what to do (the status, the invoice sent, the Submit invoice button) fits; the date and message on wider screens
    compact: ["status", "invoice.number"],
    rowAction: { label: "portal.submitInvoice", path: "submit_invoice", when: { status: ["NEW", "SENT"], has_token: ["ACTIVE"] } },
  },
  {
    key: "accruals",
    resource: "accruals",
    columns: ["number", "date", "amount", "balance", "status", "purchase_order.number"],
    compact: ["number", "amount", "status"],
    detail: ["number", "status", "date", "description", "amount", "balance", "currency_code", "purchase_order.number", "accrual_request.number"],
  },
  {
    key: "accrual_requests",
    resource: "accrual_requests",
    columns: ["number", "service_date", "start_date", "end_date", "status", "accrual.number", "accrual.amount"],
    compact: ["number", "status"],
    rowAction: { label: "accrual_requests.actions.submit_accrual", path: "submit_accrual", when: { status: ["NEW", "SENT"] } },
  },
  {
    key: "vendor_contacts",
    resource: "vendor_contacts",
    columns: ["first_name", "last_name", "email", "phone", "status"],
    // a contact's page carries its edit and deactivation (the vendor's own contacts only)
    detail: ["first_name", "last_name", "email", "phone", "status", "vendor_roles", "source"],
  },
];

export const sectionOf = (key: string) => portalSections.find((s) => s.key === key)!;

/**
 * The invoice list's status filter (data spec 4: NEW, PENDING, PAID, plus ALL) on the invoice
 * statuses the resource declares (docs/portal.md): NEW is received and not yet looked at; PENDING is
 * everything the purchaser is working on and has not paid (in approval, approved, open for payment);
 * PAID is paid. ALL adds closed and rejected invoices (drafts are the purchaser's work in progress:
 * the portal never shows them, `portal.where` of the invoices).
 */
export const invoiceFilters = {
  NEW: ["NEW"],
  PENDING: ["PENDING", "APPROVED", "OPEN"],
  PAID: ["PAID"],
  ALL: [],
} as const satisfies Record<string, readonly string[]>;
export type InvoiceFilter = keyof typeof invoiceFilters;

export const invoiceFilter = (name: InvoiceFilter): LogicalFilter[] =>
  invoiceFilters[name].length ? [{ field: "status", operator: "in", value: [...invoiceFilters[name]] }] : [];
