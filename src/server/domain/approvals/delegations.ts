/**
 * Delegations: between two different company contacts, ending on or after they start. Only the
 * delegator sets up their own delegation; a user administrator (editUsers) may set up or change
 * someone else's with a reason, which is recorded and sent to the delegator (notification and mail).
 * Anyone else writing or deleting another's delegation: 403.
 */
import { holds } from "../../../framework/permissions.js";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { forbidden, unprocessable, type FieldErrors } from "../../errors.js";
import { queueMail } from "../../mail/outbox.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

/** The key of user administrators: they may set up delegations for others (with a reason). */
const onBehalfKey = "editUsers";

async function check(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const errors: FieldErrors = {};
  if (data.delegator_contact_id === data.delegate_contact_id) errors.delegate_contact_id = ["must differ from the delegator"];
  if (data.end_date != null && String(data.end_date) < String(data.start_date)) errors.end_date = ["must be on or after the start date"];
  const ids = [data.delegator_contact_id, data.delegate_contact_id].filter((v): v is number => typeof v === "number");
  const company = ids.length
    ? await trx.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("contact_type", "=", "COMPANY").where("id", "in", ids).execute()
    : [];
  const found = new Set(company.map((c) => c.id));
  for (const field of ["delegator_contact_id", "delegate_contact_id"]) {
    if (typeof data[field] === "number" && !found.has(data[field])) (errors[field] ??= []).push("must be a company contact");
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/**
 * Who writes the delegation: its delegator (true: nothing more to do), or a user administrator giving
 * a reason in this very request (false: the delegator is to be told); 403 / 422 otherwise.
 */
function byDelegator(merged: Row, input: Row, ctx: Ctx): boolean {
  if (merged.delegator_contact_id === ctx.contact.id) return true;
  if (!holds(ctx.principal, onBehalfKey)) throw forbidden("You can set up delegations only for yourself.");
  if (typeof input.reason !== "string" || !input.reason.trim()) {
    throw unprocessable({ reason: ["is required when you set up a delegation for someone else"] });
  }
  return false;
}

/** The delegator hears who set up their delegation and why, in the app and by mail (after the commit). */
async function tellDelegator(delegation: Row, ctx: Ctx, trx: DB): Promise<void> {
  const delegator = await trx.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
    .select(["u.id", "u.email"]).where("c.company_id", "=", ctx.company.id).where("c.id", "=", delegation.delegator_contact_id as number).executeTakeFirst();
  const delegate = await trx.selectFrom("contacts").select(["first_name", "last_name"]).where("company_id", "=", ctx.company.id)
    .where("id", "=", delegation.delegate_contact_id as number).executeTakeFirst();
  if (!delegator) return;
  const delegateName = delegate ? `${String(delegate.first_name)} ${String(delegate.last_name)}` : "another contact";
  const until = delegation.end_date ? ` until ${String(delegation.end_date)}` : "";
  const title = "A delegation was set up for you";
  const body = `${ctx.user.name} set up a delegation letting ${delegateName} act for you from ${String(delegation.start_date)}${until}. Reason: ${String(delegation.reason)}`;
  const link = "/delegations";
  await trx.insertInto("notifications").values({ company_id: ctx.company.id, user_id: delegator.id, kind: "system", title, body, link }).execute();
  const related = typeof delegation.id === "number" ? { related: { type: "Delegation", id: delegation.id } } : {};
  queueMail(ctx, { to: delegator.email, subject: title, text: `${body}\n\n${config.appUrl}${link}`, ...related });
}

export const delegationHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    await check(data, ctx, trx);
    if (!byDelegator(data, data, ctx)) await tellDelegator(data, ctx, trx);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    const merged = { ...existing, ...data };
    await check(merged, ctx, trx);
    // the delegator before and after the change writes it, or an administrator with a reason (then the new delegator is told)
    const own = byDelegator(existing, data, ctx) && byDelegator(merged, data, ctx);
    if (!own) await tellDelegator(merged, ctx, trx);
  },
  beforeDelete(existing, ctx) {
    // ending one takes no power away from anyone but its delegator: theirs, or a user administrator's to end
    if (existing.delegator_contact_id !== ctx.contact.id && !holds(ctx.principal, onBehalfKey)) throw forbidden("You can end delegations only of your own.");
  },
};
