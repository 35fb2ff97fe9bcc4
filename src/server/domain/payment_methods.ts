/**
 * Payment methods: bank identifiers checked as banks check them (ABA routing checksum, ISO 13616
 * IBAN), the fields each payment type needs, one owner per method, one default per owner, and the
 * account number shown only masked.
 */
import { ibanProblem, isValidRouting, maskAccount, normalizeIban } from "../../framework/bank.js";
import { unprocessable, type FieldErrors } from "../http/errors.js";
import type { Ctx, Row } from "../resources/context.js";
import type { ResourceHooks } from "./hooks.js";

const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";

/** Fields a payment type cannot do without: each entry is a list of alternatives (any one suffices). */
const requiredByType: Readonly<Record<string, readonly (readonly string[])[]>> = {
  ach: [["routing"], ["account_number"]],
  wire: [["routing", "bic"], ["account_number", "iban"]],
  international: [["bic"], ["iban", "account_number"]],
  sepa: [["iban"]],
  check: [["address1"], ["city"]],
};

const ownerKeys: Readonly<Record<string, string | undefined>> = { Vendor: "vendor_id", Contact: "contact_id", Company: undefined };
const nachaFields = ["nacha_company_id", "nacha_company_name", "immediate_origin", "immediate_destination"];

function normalise(data: Row): void {
  if (present(data.iban)) data.iban = normalizeIban(String(data.iban));
  if (present(data.routing)) data.routing = String(data.routing).replace(/[\s-]/g, "");
  if (present(data.bic)) data.bic = String(data.bic).toUpperCase();
}

export function paymentMethodErrors(method: Row): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (present(method.routing) && !isValidRouting(String(method.routing))) add("routing", "is not a valid ABA routing number");
  const iban = present(method.iban) ? ibanProblem(String(method.iban)) : undefined;
  if (iban) add("iban", iban);
  for (const alternatives of requiredByType[String(method.payment_type)] ?? []) {
    if (!alternatives.some((field) => present(method[field]))) add(alternatives[0], `can't be blank for ${String(method.payment_type)}${alternatives.length > 1 ? ` (or ${alternatives.slice(1).join(", ")})` : ""}`);
  }
  const owner = ownerKeys[String(method.owner_type)];
  for (const key of ["vendor_id", "contact_id"]) {
    if (key === owner && !present(method[key])) add(key, `can't be blank for a ${String(method.owner_type)} payment method`);
    if (key !== owner && present(method[key])) add(key, `must be empty for a ${String(method.owner_type)} payment method`);
  }
  if (method.owner_type !== "Company") for (const field of nachaFields) if (present(method[field])) add(field, "is only for the company's originating accounts");
  return errors;
}

function check(data: Row, existing: Row = {}): void {
  normalise(data);
  const errors = paymentMethodErrors({ ...existing, ...data });
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export const paymentMethodHooks: ResourceHooks = {
  decorate(rows) {
    // account_number itself is write-only: the generic read path drops it after this hook
    for (const row of rows) row.account_number_masked = maskAccount(row.account_number as string | null);
  },
  beforeCreate(data) {
    check(data);
  },
  beforeUpdate(data, existing) {
    check(data, existing);
  },
  /** one default per owner: the method just made default takes it from the others */
  async afterWrite(row, ctx, trx) {
    if (row.is_default !== true) return;
    let others = trx.updateTable("payment_methods").set({ is_default: false, updated_at: new Date() })
      .where("company_id", "=", ctx.company.id).where("owner_type", "=", String(row.owner_type)).where("id", "<>", row.id as number).where("is_default", "=", true);
    for (const key of ["vendor_id", "contact_id"]) others = row[key] === null || row[key] === undefined ? others.where(key, "is", null) : others.where(key, "=", row[key] as number);
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
