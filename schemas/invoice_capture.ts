/**
 * A document captured for the draft inbox (src/server/domain/capture/): an attachment of an e-mail
 * received by the company's inbound address (SMTP or IMAP) or a file dropped on the draft inbox. It
 * is read in a job (`capture-read`); when its vendor is known the reading becomes a DRAFT invoice
 * (`invoice_id`) with the document attached. `fields` holds what was read: per field its value,
 * confidence (0–1) and where on which page it was read (box in page fractions).
 */
export const captureSources = ["EMAIL", "IMAP", "UPLOAD"] as const;
export const captureStatuses = ["RECEIVED", "READ", "NEEDS_VENDOR", "FAILED", "REJECTED"] as const;

export const invoiceCaptureSchema = {
  type: "object",
  additionalProperties: false,
  required: ["source", "status"],
  properties: {
    source: { type: "string", enum: captureSources },
    status: { type: "string", enum: captureStatuses, default: "RECEIVED" },
    /** the e-mail it came in, when it came by e-mail */
    capture_message_id: { type: ["integer", "null"], "x-references": "capture_messages" },
    mail_from: { type: ["string", "null"], maxLength: 500 },
    mail_subject: { type: ["string", "null"], maxLength: 1000 },
    received_at: { type: ["string", "null"], format: "date-time" },
    file_name: { type: ["string", "null"], maxLength: 255 },
    content_type: { type: ["string", "null"], maxLength: 100 },
    file_size: { type: ["integer", "null"] },
    /** the bytes in the file store until a draft's document names them */
    storage_key: { type: ["string", "null"], maxLength: 200 },
    /** why it was refused or could not be read */
    reason: { type: ["string", "null"], maxLength: 2000 },
    attempts: { type: "integer", default: 0 },
    fields: { type: "object", default: {} },
    /** how it was read: TEXT (a PDF's text layer) or OCR */
    read_kind: { type: ["string", "null"], enum: ["TEXT", "OCR", null] },
    pages: { type: ["integer", "null"] },
    /** the layout the document was read with (label wording and positions), to remember corrections by */
    layout_key: { type: ["string", "null"], maxLength: 100 },
    vendor_id: { type: ["integer", "null"], "x-references": "vendors" },
    invoice_id: { type: ["integer", "null"], "x-references": "invoices" },
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },
  },
} as const;
