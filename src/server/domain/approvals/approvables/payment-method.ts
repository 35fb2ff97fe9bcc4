/**
 * Payment methods of vendors and employees, new or with changed bank details (PENDING until approved,
 * then ACTIVE; a rejected one is INACTIVE). They go through the company's Vendor
 * workflow: whoever approves who gets paid approves where the money goes. No amount: AMOUNT triggers
 * see 0; VENDOR triggers match the method's vendor. The company's own originating accounts are not
 * approved this way (they are the company's, set up by its administrators).
 */
import type { Engine } from "./index.js";

/** what a payment to the method pays into: a change of any of them is a new destination for the money */
export const bankDetailFields = ["payment_type", "account_name", "account_number", "routing", "account_type", "bank_name", "iban", "bic",
  "currency_code", "country", "address1", "city", "state", "zipcode"] as const;

export const paymentMethodEngine: Engine = {
  resource: "payment_methods",
  workflowType: "Vendor",
  owns: (record) => record.owner_type !== "Company",
  facts: async (record) => ({ amount: "0", vendorId: (record.vendor_id as number | null) ?? null, subsidiaryId: null }),
  restartOn: bankDetailFields,
  reapprove: { fields: bankDetailFields, statuses: ["ACTIVE"] },
  approvedStatus: () => "ACTIVE",
  rejectedStatus: "INACTIVE",
  pendingStatus: "PENDING",
};
