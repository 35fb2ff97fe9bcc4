/**
 * What each report template writes: plain data naming a list resource of the registry, so that the list
 * export engine (resources/export.ts) writes the file with the list's columns, scope and cell rules.
 * `dateField` is the field the report's date range applies to, per date type (invoice date or submit
 * date); a template without one (AP aging: every open balance as of the run) takes no date range.
 * `filters` are fixed conditions in the list grammar, under the report's own filters. A `summary`
 * template writes one line per vendor and currency instead of the rows (report-summary.ts).
 */
import type { reportTemplates } from "../../../../schemas/report.js";
import type { JournalLayout } from "../ledger/journal-export.js";
import type { ReportSummary } from "./report-summary.js";

export interface ReportTemplate {
  resource: string;
  dateField?: { invoice: string; submit: string };
  filters?: Readonly<Record<string, string | readonly string[]>>;
  summary?: ReportSummary;
  /** a journal export: the posting periods starting in the report's date range, in this layout (ledger/journal-export.ts) */
  journal?: JournalLayout;
}

const invoiceDates = { invoice: "date", submit: "submit_date" } as const;
const paymentDates = { invoice: "payment_date", submit: "submit_date" } as const;
const cardDates = { invoice: "transaction_date", submit: "posted_date" } as const;
/** invoices that are spend: entered and not turned down (drafts and rejected ones are not) */
const spentInvoices = ["NEW", "PENDING", "APPROVED", "OPEN", "PAID", "CLOSED"] as const;
/** payments that left the company (1099 reports what was paid: not pending, refused, failed or voided) */
const paidOut = ["PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)"] as const;

export const reportTemplateDefs: Readonly<Record<(typeof reportTemplates)[number], ReportTemplate>> = {
  ap_aging: { resource: "ap_aging" },
  invoice_register: { resource: "invoices", dateField: invoiceDates },
  payment_register: { resource: "payments", dateField: paymentDates },
  vendor_master: { resource: "vendors" },
  purchase_order_register: { resource: "purchase_orders", dateField: { invoice: "date", submit: "date" } },
  expense_report_register: { resource: "expense_reports", dateField: invoiceDates },
  accrual_register: { resource: "accruals", dateField: { invoice: "date", submit: "date" } },
  accrual_summary: { resource: "accrual_summaries" },
  gl_detail: { resource: "account_transactions" },
  budget_vs_actual: { resource: "budgets" },
  card_spend_summary: { resource: "card_transactions", dateField: cardDates },
  visa_transactions_listing: { resource: "card_transactions", dateField: cardDates },
  unprocessed_nvp_transactions: { resource: "card_transactions", dateField: cardDates, filters: { expense_item_id_null: "true" } },
  visa_balance_detail: { resource: "statements", dateField: { invoice: "close_date", submit: "close_date" } },
  payment_reissue_listing: { resource: "payments", dateField: paymentDates, filters: { status: ["PROCESSING (REISSUED)", "CLEARED (REISSUED)"] } },
  payment_refund_listing: { resource: "payments", dateField: paymentDates, filters: { status: ["VOID (REFUNDED)"] } },
  spend_by_vendor: {
    resource: "invoices", dateField: invoiceDates, filters: { status: spentInvoices },
    summary: { by: "vendor", show: ["name"], sums: ["amount", "payments_sum", "balance_outstanding"] },
  },
  vendor_1099_summary: {
    resource: "payments", dateField: paymentDates, filters: { status: paidOut },
    summary: { by: "vendor", show: ["name", "tax_id", "has_w9"], sums: ["amount"], where: { is_1099_eligible: true } },
  },
  journal_export: { resource: "journal", journal: "generic" },
  journal_quickbooks: { resource: "journal", journal: "quickbooks" },
  journal_xero: { resource: "journal", journal: "xero" },
  journal_netsuite: { resource: "journal", journal: "netsuite" },
  outstanding_check_listing: { resource: "payments", dateField: paymentDates, filters: { payment_type: ["check"], status: ["APPROVED", "PROCESSING"] } },
};
