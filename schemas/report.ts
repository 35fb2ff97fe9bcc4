/** Report definitions (a template with its parameters) and their delivery schedules. */

/** Templates that are ready to run as soon as they are defined: they start NEW (data-spec "Report templates"). */
export const readyReportTemplates = [
  "visa_balance_detail", "visa_transactions_listing", "payment_reissue_listing", "payment_refund_listing",
  "outstanding_check_listing", "unprocessed_nvp_transactions",
] as const;

/** Every other template starts PENDING (set up on request). */
export const reportTemplates = [
  ...readyReportTemplates,
  "ap_aging", "invoice_register", "payment_register", "vendor_master", "purchase_order_register", "expense_report_register",
  "accrual_register", "gl_detail", "card_spend_summary", "accrual_summary", "budget_vs_actual", "spend_by_vendor", "vendor_1099_summary",
  // the journal of the posting periods in the report's date range, in an import layout (ledger/journal-export.ts)
  "journal_export", "journal_quickbooks", "journal_xero", "journal_netsuite",
] as const;

export const reportDateRanges = [
  "past_1", "past_7", "past_30", "past_90", "past_180", "past_365",
  "current_week", "previous_week", "current_month", "previous_month", "current_quarter", "previous_quarter", "current_year", "previous_year",
] as const;

export const reportSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "template"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    template: { type: "string", enum: reportTemplates },
    status: { type: "string", enum: ["NEW", "PENDING", "ACTIVE", "INACTIVE"], default: "PENDING" },
    export_format: { type: "string", enum: ["xlsx", "csv"], default: "xlsx" },
    destination: { type: "string", enum: ["download", "email", "sftp"], default: "download" },
    date_type: { type: "string", enum: ["invoice", "submit"], default: "invoice" },
    date_range: { type: "string", enum: reportDateRanges, default: "past_30" },
    /** further filters in the list-query grammar, e.g. { "status": ["OPEN"], "vendor_id": [3] } */
    filters: { type: "object", default: {} },
    created_by_user_id: { type: ["integer", "null"], "x-references": "users" },
    /** where destination sftp uploads the file; the password is never read back */
    sftp_host: { type: ["string", "null"], maxLength: 255 },
    sftp_port: { type: "integer", minimum: 1, maximum: 65535, default: 22 },
    sftp_username: { type: ["string", "null"], maxLength: 255 },
    sftp_password: { type: ["string", "null"], maxLength: 500, writeOnly: true },
    sftp_path: { type: ["string", "null"], maxLength: 500 },
    /** the outcome of the latest run (run now or a schedule) */
    last_run_at: { type: ["string", "null"], format: "date-time" },
    last_run_status: { type: ["string", "null"], enum: ["SUCCEEDED", "FAILED", null] },
    last_run_error: { type: ["string", "null"], maxLength: 2000 },
    /** the document of that run (no reference: a document may be deleted) */
    last_document_id: { type: ["integer", "null"] },
  },
} as const;

export const reportScheduleSchema = {
  type: "object",
  additionalProperties: false,
  required: ["report_id", "frequency"],
  properties: {
    report_id: { type: "integer", "x-references": "reports" },
    frequency: { type: "string", enum: ["daily", "weekly", "monthly", "quarterly"] },
    next_run_at: { type: ["string", "null"], format: "date-time" },
    recipients: { type: "array", maxItems: 50, items: { type: "string", format: "email" }, default: [] },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE"], default: "ACTIVE" },
  },
} as const;
