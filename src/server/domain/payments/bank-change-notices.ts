/**
 * A payment method's bank details changed: the people paid into it (the vendor's contacts, or the
 * employee) and the company's administrators are e-mailed after the commit, so that a change nobody
 * asked for is noticed before money follows it. The message shows the account's last four digits only.
 */
import { maskAccount } from "./bank.js";
import type { DB } from "../../db/connect.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";

/** `except`: the address of whoever made the change (a vendor changing its own details is not warned about itself). */
export async function tellBankChange(trx: DB, ctx: Ctx, method: Row, except?: string): Promise<void> {
  const owners = method.vendor_id != null
    ? trx.selectFrom("contacts").select("email").where("vendor_id", "=", method.vendor_id as number)
    : trx.selectFrom("contacts").select("email").where("id", "=", (method.contact_id as number | null) ?? 0);
  const admins = trx.selectFrom("contacts").select("email").where("contact_type", "=", "COMPANY").where("role", "=", "admin");
  const rows = [...await owners.where("company_id", "=", ctx.company.id).where("status", "=", "ACTIVE").execute(),
    ...await admins.where("company_id", "=", ctx.company.id).where("status", "=", "ACTIVE").execute()];
  const account = [String(method.payment_type).toUpperCase(), maskAccount(method.account_number as string | null)].filter(Boolean).join(" ");
  const text = `The bank details of the payment method ${String(method.name ?? account)} (${account}) were changed in ${ctx.company.name} by ${ctx.user.name} (${ctx.user.email}). `
    + "No payment is made to it until the change is approved. If you did not expect this change, contact the company at once.";
  for (const to of new Set(rows.map((r) => r.email).filter((e): e is string => typeof e === "string" && e !== "" && e.toLowerCase() !== except?.toLowerCase()))) {
    queueMail(ctx, { to, subject: `Bank details changed: ${String(method.name ?? account)}`, text, related: { type: "PaymentMethod", id: method.id as number } });
  }
}
