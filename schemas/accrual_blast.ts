/** An accrual blast: a campaign asking many vendors at once for their accruals of a period. */
export const accrualBlastSchema = {
  type: "object",
  additionalProperties: false,
  required: ["label", "start_date", "end_date", "accrual_option"],
  properties: {
    /** server-numbered (AB-00001) */
    number: { type: "string", maxLength: 60 },
    label: { type: "string", minLength: 1, maxLength: 200 },
    status: { type: "string", enum: ["ACTIVE", "INACTIVE", "CLOSED", "BOOKED"], default: "ACTIVE" },
    start_date: { type: "string", format: "date" },
    end_date: { type: "string", format: "date" },
    close_date: { type: ["string", "null"], format: "date" },
    booker_contact_id: { type: ["integer", "null"], "x-references": "contacts" },
    /** what the vendors accrue against: their whole spend, their purchase orders, or PO lines */
    accrual_option: { type: "string", enum: ["Vendor", "PurchaseOrder", "PoItem"] },
  },
} as const;
