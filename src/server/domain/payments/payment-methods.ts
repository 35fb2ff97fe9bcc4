/**
 * Payment methods: bank identifiers checked as banks check them (ABA routing checksum; IBAN and BIC
 * through ibantools), the fields each payment type needs where its bank is (the table of
 * payment-fields.ts), one owner per method, one default per owner, the company's
 * originating accounts with their NACHA fields and bank GL account, and the account number shown
 * only masked.
 */
import { bicProblem, ibanProblem, isValidRouting, maskAccount, normalizeIban } from "./bank.js";
import { requiredFields, type PaymentMethodType } from "./payment-fields.js";
import type { DB } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { bankDetailFields } from "../../../../resources/payment_methods.js";
import { paymentMethodApproval } from "../approvals/approvables/payment-method.js";
import { tellBankChange } from "./bank-change-notices.js";

const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";

const ownerKeys: Readonly<Record<string, string | undefined>> = { Vendor: "vendor_id", Contact: "contact_id", Company: undefined };
const companyOnlyFields = ["nacha_company_id", "nacha_company_name", "immediate_origin", "immediate_destination", "account_id"];

function normalise(data: Row): void {
  if (present(data.iban)) data.iban = normalizeIban(String(data.iban));
  if (present(data.routing)) data.routing = String(data.routing).replace(/[\s-]/g, "");
  if (present(data.bic)) data.bic = String(data.bic).toUpperCase();
  if (present(data.country)) data.country = String(data.country).toUpperCase();
}

/** Where the method's bank is: its country, else the IBAN's, else the US for ACH (a US-only network). */
function bankCountry(method: Row): string | null {
  if (present(method.country)) return String(method.country);
  if (present(method.iban)) return String(method.iban).slice(0, 2);
  return method.payment_type === "ach" ? "US" : null;
}

export function paymentMethodErrors(method: Row): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const type = String(method.payment_type);
  if (present(method.routing) && !isValidRouting(String(method.routing))) add("routing", "is not a valid ABA routing number");
  const iban = present(method.iban) ? ibanProblem(String(method.iban)) : undefined;
  if (iban) add("iban", iban);
  const bic = present(method.bic) ? bicProblem(String(method.bic)) : undefined;
  if (bic) add("bic", bic);
  if (present(method.immediate_destination) && !isValidRouting(String(method.immediate_destination).trim())) add("immediate_destination", "is not a valid ABA routing number");

  const owner = String(method.owner_type);
  const country = bankCountry(method);
  const fields = requiredFields(type as PaymentMethodType, { country, currency: method.currency_code as string | null }, owner === "Company");
  if (!fields) {
    if (country === null) add("country", `can't be blank for ${type}`);
    else add("payment_type", `${type} is not offered for a bank in ${country} paying ${String(method.currency_code)}`);
  }
  for (const field of fields ?? []) if (!present(field === "country" ? country : method[field])) add(field, `can't be blank for ${type}${owner === "Company" ? " (originating account)" : ""}`);

  const ownerKey = ownerKeys[owner];
  for (const key of ["vendor_id", "contact_id"] as const) {
    if (key === ownerKey && !present(method[key])) add(key, `can't be blank for a ${owner} payment method`);
    if (key !== ownerKey && present(method[key])) add(key, `must be empty for a ${owner} payment method`);
  }
  if (owner !== "Company") for (const field of companyOnlyFields) if (present(method[field])) add(field, "is only for the company's originating accounts");
  return errors;
}

/** An originating account posts payments to its bank GL account: an active Bank account of the company. */
async function checkBankAccount(trx: DB, ctx: Ctx, accountId: unknown): Promise<void> {
  if (!present(accountId)) return;
  const account = await trx.selectFrom("accounts").select(["account_type_name", "status"]).where("company_id", "=", ctx.company.id).where("id", "=", Number(accountId)).executeTakeFirst();
  if (!account) throw unprocessable({ account_id: ["is not an account of this company"] });
  if (account.account_type_name !== "Bank" || account.status !== "ACTIVE") throw unprocessable({ account_id: ["must be an active Bank account of the chart of accounts"] });
}

function check(data: Row, existing: Row = {}): void {
  normalise(data);
  const errors = paymentMethodErrors({ ...existing, ...data });
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export const paymentMethodHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    // account_number itself is write-only: an API read leaves it in the database, so it is read here for
    // the mask only, by the ids of rows the reader was given (a vendor's portal spans its purchasers)
    const unread = rows.filter((row) => !("account_number" in row)).map((row) => Number(row.id));
    const numbers = new Map(unread.length
      ? (await ctx.db.selectFrom("payment_methods").select(["id", "account_number"]).where("id", "in", unread).execute())
        .map((m) => [m.id, m.account_number] as const)
      : []);
    for (const row of rows) row.account_number_masked = maskAccount(("account_number" in row ? row.account_number : numbers.get(Number(row.id))) as string | null);
  },
  async beforeCreate(data, ctx, trx) {
    // the schema's default, so that an ACH method entered without it is complete
    data.account_type ??= "checking";
    // a new destination for a vendor's or employee's money is approved like a changed one (its chain starts on create)
    if (paymentMethodApproval.owns!(data)) data.status = "PENDING";
    check(data);
    await checkBankAccount(trx, ctx, data.account_id);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    check(data, existing);
    if ("account_id" in data) await checkBankAccount(trx, ctx, data.account_id);
    // the approval engine puts the method back through its workflow (approvables/payment-method.ts); people are told now
    const changed = bankDetailFields.some((field) => field in data && JSON.stringify(data[field] ?? null) !== JSON.stringify(existing[field] ?? null));
    if (changed && paymentMethodApproval.owns!(existing)) await tellBankChange(trx, ctx, { ...existing, ...data });
  },
  /** one default per owner: the method just made default takes it from the others */
  async afterWrite(row, ctx, trx) {
    if (row.is_default !== true) return;
    let others = trx.updateTable("payment_methods").set({ is_default: false, updated_at: new Date() })
      .where("company_id", "=", ctx.company.id).where("owner_type", "=", String(row.owner_type)).where("id", "<>", row.id as number).where("is_default", "=", true);
    for (const key of ["vendor_id", "contact_id"] as const) others = row[key] === null || row[key] === undefined ? others.where(key, "is", null) : others.where(key, "=", row[key] as number);
    await others.execute();
  },
};

/**
 * The default active payment method of each vendor (one query): what an invoice's `payment_method`
 * (payment_type, name) would show. Offered to the invoices hook.
 */
export async function defaultPaymentMethods(ctx: Ctx, vendorIds: number[]): Promise<Map<number, Row>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await ctx.db.selectFrom("payment_methods").select(["id", "vendor_id", "name", "payment_type", "account_name", "currency_code"])
    .where("company_id", "=", ctx.company.id).where("owner_type", "=", "Vendor").where("vendor_id", "in", vendorIds)
    .where("status", "=", "ACTIVE").where("is_default", "=", true).execute();
  return new Map(rows.map((r) => [r.vendor_id as number, r as Row]));
}
