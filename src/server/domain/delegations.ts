/** Delegations: between two different company contacts, ending on or after they start. */
import type { DB } from "../db/connect.js";
import { unprocessable, type FieldErrors } from "../http/errors.js";
import type { Ctx, Row } from "../resources/context.js";
import type { ResourceHooks } from "./hooks.js";

async function check(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const errors: FieldErrors = {};
  if (data.delegator_contact_id === data.delegate_contact_id) errors.delegate_contact_id = ["must differ from the delegator"];
  if (data.end_date != null && String(data.end_date) < String(data.start_date)) errors.end_date = ["must be on or after the start date"];
  const ids = [data.delegator_contact_id, data.delegate_contact_id].filter((v): v is number => typeof v === "number");
  const company = ids.length
    ? await trx.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("contact_type", "=", "COMPANY").where("id", "in", ids).execute()
    : [];
  const found = new Set(company.map((c) => c.id as number));
  for (const field of ["delegator_contact_id", "delegate_contact_id"]) {
    if (typeof data[field] === "number" && !found.has(data[field])) (errors[field] ??= []).push("must be a company contact");
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export const delegationHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await check(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await check({ ...existing, ...data }, ctx, trx);
  },
};
