/**
 * How one originating account's bank wants its positive-pay file (issue 31): the layout (CSV with
 * chosen columns, or the fixed-width ARP layout), and where it goes (downloaded, or uploaded by SFTP
 * with the reports' delivery, also after every processed run that issued checks from the account).
 */
export const positivePayColumns = ["account_number", "routing", "check_number", "issue_date", "amount", "payee_name", "record_type", "void_date"] as const;

export const positivePaySettingSchema = {
  type: "object",
  additionalProperties: false,
  required: ["payment_method_from_id"],
  properties: {
    payment_method_from_id: { type: "integer", "x-references": "payment_methods", "x-unique": true },
    layout: { type: "string", enum: ["csv", "arp"], default: "csv" },
    /** the CSV's columns, in order */
    columns: { type: "array", maxItems: 20, items: { type: "string", enum: positivePayColumns }, default: ["account_number", "check_number", "issue_date", "amount", "payee_name", "record_type"] },
    include_header: { type: "boolean", default: true },
    /** the issue and void codes the bank expects (CSV record_type; ARP positions 1) */
    issue_code: { type: "string", minLength: 1, maxLength: 3, default: "I" },
    void_code: { type: "string", minLength: 1, maxLength: 3, default: "V" },
    deliver_on_processing: { type: "boolean", default: false },
    sftp_host: { type: ["string", "null"], maxLength: 255 },
    sftp_port: { type: "integer", minimum: 1, maximum: 65535, default: 22 },
    sftp_username: { type: ["string", "null"], maxLength: 255 },
    sftp_password: { type: ["string", "null"], maxLength: 500, writeOnly: true },
    sftp_path: { type: ["string", "null"], maxLength: 500 },
    last_delivered_at: { type: ["string", "null"], format: "date-time" },
    last_delivery_error: { type: ["string", "null"], maxLength: 1000 },
  },
} as const;
