/**
 * Demo data of expense reimbursement, per company: the mileage rates and receipt threshold
 * (Settings > Company Defaults), and a bank account for the staff demo user, so that an expense
 * report of theirs can be paid by a payment run (ACH: a PPD entry).
 */
import type { DB } from "../db/connect.js";
import type { EntitySeed, SeedContext } from "./entities.js";

/** a valid ABA routing number (Bank of America) */
const staffRouting = "026009593";

async function staffBankAccount(db: DB, context: SeedContext): Promise<void> {
  const staff = context.contactIds.get("staff@acme.test");
  if (staff === undefined || context.country !== "US") return;
  const existing = await db.selectFrom("payment_methods").select("id").where("company_id", "=", context.companyId)
    .where("owner_type", "=", "Contact").where("contact_id", "=", staff).executeTakeFirst();
  if (existing) return;
  await db.insertInto("payment_methods").values({
    company_id: context.companyId, owner_type: "Contact", contact_id: staff, name: "staff (personal)", account_name: "staff", currency_code: context.currency,
    status: "ACTIVE", is_default: true, payment_type: "ach", routing: staffRouting, account_number: "4410027731", bank_name: "Bank of America", account_type: "checking",
  }).execute();
}

export const reimbursementSeed: EntitySeed = async (db, context) => {
  const us = context.country === "US";
  await db.updateTable("companies").set({
    // per mile in the US (the IRS rates of 2025 and 2026), per kilometre elsewhere
    mileage_rates: JSON.stringify(us ? [{ from: "2025-01-01", rate: "0.70" }, { from: "2026-01-01", rate: "0.725" }] : [{ from: "2025-01-01", rate: "0.30" }]),
    expense_receipt_threshold: "25.00",
  }).where("id", "=", context.companyId).execute();
  await staffBankAccount(db, context);
};
