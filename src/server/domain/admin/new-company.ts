/**
 * A new company and its first administrator (the setup command; a sign-up). The administrator is an
 * existing login when the address has one, else a new login; in either case an ACTIVE admin contact.
 */
import { moduleNames } from "../../../framework/roles.js";
import type { DB } from "../../db/connect.js";
import { setTransactionCompany } from "../../db/row-security.js";
import { ensureFxAccounts } from "../ledger/fx.js";

export interface NewCompany {
  name: string;
  currency_code: string;
  company_date_format: string;
}

export interface FirstAdmin {
  email: string;
  name: string;
  passwordHash: string;
  /** a sign-up: the password signs in once the address is confirmed */
  confirmationPending?: boolean;
}

/** Inside the caller's transaction, which it binds to the new company (row-level security). */
export async function createCompany(trx: DB, input: NewCompany, admin: FirstAdmin) {
  const company = await trx.insertInto("companies").values({
    name: input.name, currency_code: input.currency_code, company_date_format: input.company_date_format,
    module_settings: JSON.stringify(Object.fromEntries(moduleNames.map((m) => [m, true]))),
  }).returning(["id", "name"]).executeTakeFirstOrThrow();
  await setTransactionCompany(trx, company.id);
  // the exchange-difference accounts the ledger posts to (ledger/fx.ts), in every chart from the start
  await ensureFxAccounts(trx, company.id);
  const existing = await trx.selectFrom("users").select("id").where("email", "=", admin.email).executeTakeFirst();
  const user = existing ?? (await trx.insertInto("users").values({
    email: admin.email, name: admin.name, password_hash: admin.passwordHash, current_company_id: company.id,
    confirmation_pending: admin.confirmationPending ?? false,
  }).returning("id").executeTakeFirstOrThrow());
  const [first, ...rest] = admin.name.trim().split(/\s+/);
  const contact = await trx.insertInto("contacts").values({
    company_id: company.id, user_id: user.id, email: admin.email, first_name: first, last_name: rest.join(" ") || first,
    contact_type: "COMPANY", role: "admin", source: "COMPANY",
  }).returning("id").executeTakeFirstOrThrow();
  return { company, userId: user.id, contactId: contact.id, existingLogin: existing !== undefined };
}
