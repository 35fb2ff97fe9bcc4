/** What the approval tests share: a GL-coded Acme invoice body and Acme's ids. */
import type { Harness } from "./harness.js";

/** A NEW invoice with GL coding for `amount` (a unique number with the prefix). */
export const codedInvoice = (prefix: string, vendorId: number, amount: string) => ({
  number: `${prefix}-${Math.random().toString(36).slice(2, 10)}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01",
  amount, currency_code: "USD", debit_entries: [{ account_number: "6000", amount }],
});

/** Acme's id, its first vendor, and a lookup of its contacts by e-mail. */
export async function acmeOf(h: Harness) {
  const company = await h.companyId("Acme Corp");
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  const contact = async (email: string) => (await h.database.db.selectFrom("contacts").select("id")
    .where("company_id", "=", company).where("email", "=", email).executeTakeFirstOrThrow()).id as number;
  return { company, vendor: vendor.id as number, contact };
}
