/**
 * A vendor's new bank details from the portal (issue 13): the change finance teams fear, so it never
 * replaces what is paid today. It is a new payment method of the vendor, created PENDING through the
 * generic create (its hooks check the ABA routing number and the fields ACH needs, 422 per field) and
 * put through the company's Vendor workflow by the approval engine; payment runs pay ACTIVE methods
 * only, so no money follows it before an approver accepts it. Approved, it becomes the vendor's default
 * (paymentMethodEngine.onApproved). The vendor's other contacts and the company's administrators are
 * e-mailed now ("if this was not you…"). Sending the same details again while they await approval
 * answers the pending method: no second method, no second e-mail; other details wait until that one is
 * decided (409). The vendor's row is locked, so two proposals at once are judged one after the other.
 */
import paymentMethods from "../../../../resources/payment_methods.js";
import { conflict } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { createInTransaction } from "../../resources/write.js";
import { maskAccount } from "./bank.js";
import { tellBankChange } from "./bank-change-notices.js";

/** What the vendor gives: a US bank account paid by ACH (the portal's input schema, resources/payment_methods.ts). */
export interface BankDetails {
  account_name: string;
  bank_name?: string | null;
  routing: string;
  account_number: string;
  account_type?: "checking" | "savings";
}

/** The vendor's proposal as a payment method row; `ctx.db` is the portal action's transaction. */
export async function proposeBankDetails(ctx: Ctx, input: BankDetails): Promise<Row> {
  const trx = ctx.db;
  const vendorId = ctx.contact.vendor_id;
  if (vendorId == null) throw conflict("Your contact names no vendor of this company.");
  const routing = input.routing.replace(/[\s-]/g, "");
  // the vendor's row locked: two proposals at once are judged one after the other, the second finding the first
  const vendor = await trx.selectFrom("vendors").select(["name", "currency_code"]).where("company_id", "=", ctx.company.id).where("id", "=", vendorId)
    .forUpdate().executeTakeFirstOrThrow();
  const same = await trx.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("owner_type", "=", "Vendor")
    .where("vendor_id", "=", vendorId).where("status", "=", "PENDING").where("routing", "=", routing).where("account_number", "=", input.account_number)
    .executeTakeFirst();
  if (same) return same as Row;
  // one proposal awaits approval at a time: an approver judges one change, not the last of a flurry
  const pending = await trx.selectFrom("payment_methods").select("account_number").where("company_id", "=", ctx.company.id).where("owner_type", "=", "Vendor")
    .where("vendor_id", "=", vendorId).where("status", "=", "PENDING").where("proposed_by_id", "is not", null).executeTakeFirst();
  if (pending) {
    throw conflict(`Bank details ${maskAccount(pending.account_number)} already await ${ctx.company.name}'s approval: a new change can be proposed once that one is decided.`);
  }
  const method = await createInTransaction(paymentMethods, {
    owner_type: "Vendor", vendor_id: vendorId, payment_type: "ach", name: `${vendor.name} ACH ${input.account_number.slice(-4)}`,
    account_name: input.account_name, bank_name: input.bank_name ?? null, routing, account_number: input.account_number,
    account_type: input.account_type ?? "checking", currency_code: vendor.currency_code, country: "US", is_default: false, proposed_by_id: ctx.user.id,
  }, ctx, trx);
  await tellBankChange(trx, ctx, method, ctx.user.email);
  return method;
}
