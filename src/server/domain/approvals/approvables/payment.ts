/**
 * Payments to vendors (record_type DEBIT; data-spec 4: PENDING → APPROVED or REJECTED). A payment is
 * created PENDING by pay-bills or a run; submitting it starts its chain.
 */
import { isoDate } from "../../../../framework/dates.js";
import { recordFacts } from "./facts.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";

export const paymentApproval: ApprovalBehaviour = {
  owns: (record) => record.record_type === "DEBIT",
  // a payment into an employee's own account (a reimbursement) benefits that employee
  async beneficiaries(record, trx, ctx) {
    if (record.payment_method_id == null) return [];
    const method = await trx.selectFrom("payment_methods").select(["owner_type", "contact_id"]).where("company_id", "=", ctx.company.id)
      .where("id", "=", record.payment_method_id as number).executeTakeFirst();
    return method?.owner_type === "Contact" && method.contact_id != null ? [method.contact_id] : [];
  },
  facts: async (record) => recordFacts(record),
  submitted: (ctx) => ({ submit_date: isoDate(), submitter_id: ctx.contact.id }),
};
