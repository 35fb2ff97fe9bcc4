/**
 * Segregation of duties: who may not approve a record (docs/api.md "Segregation of duties").
 *
 * - The record's parties: who created it (`created_by_id`), submitted it (`submitted_by_id`, the
 *   approval row's `submitted_by_id`, the contact columns `submitter_id` / `submitter_contact_id`) or
 *   requested it (the engine's `requester` column), and whom it benefits (the engine's
 *   `beneficiaries`: an expense report's employee, a card's holder, a card purchase's card holder,
 *   the contact a payment pays into their own account).
 * - The approver acts as themself and, under a delegation, for the delegator: both are checked. A
 *   delegate cannot approve what the delegate is a party to, nor what the delegator is a party to.
 * - A creator, submitter or requester may approve only when the type's ACTIVE workflow has
 *   allow_self_approval; a beneficiary never may (the flag does not reach one's own money or card).
 */
import type { DB } from "../../db/connect.js";
import { forbidden } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { Engine } from "./approvables/index.js";

const creatorUserColumns = ["created_by_id", "submitted_by_id"] as const;
const submitterContactColumns = ["submitter_id", "submitter_contact_id"] as const;

const ids = (values: readonly unknown[]): number[] => values.filter((v): v is number => typeof v === "number");

/** The user and contact ids of the people who created, submitted or requested the record. */
function doersOf(engine: Engine, record: Row, approval: Row): { users: number[]; contacts: number[] } {
  return {
    users: ids([...creatorUserColumns.map((c) => record[c]), approval.submitted_by_id]),
    contacts: ids([...submitterContactColumns.map((c) => record[c]), engine.requester ? record[engine.requester] : null]),
  };
}

/** 403 when the approver, or the delegator they act for, may not approve this record (`act`: what is refused, for an act standing in for an approval). */
export async function checkSegregation(
  trx: DB, ctx: Ctx, engine: Engine, record: Row, approval: Row, onBehalfOf: number | null, allowSelfApproval: boolean, act = "approve it",
): Promise<void> {
  const beneficiaries = new Set(await engine.beneficiaries?.(record, trx, ctx) ?? []);
  const doers = doersOf(engine, record, approval);
  if (beneficiaries.has(ctx.contact.id)) {
    throw forbidden(`Segregation of duties: this record is for your own benefit (your expenses or your card) and you cannot ${act}.`);
  }
  if (!allowSelfApproval && (doers.users.includes(ctx.user.id) || doers.contacts.includes(ctx.contact.id))) {
    throw forbidden(`Segregation of duties: you created, submitted or requested this record and cannot ${act}.`);
  }
  if (onBehalfOf == null) return;
  if (beneficiaries.has(onBehalfOf)) {
    throw forbidden("Segregation of duties: this record is for the benefit of the person you act for; it cannot be approved on their behalf.");
  }
  if (allowSelfApproval) return;
  const delegator = await trx.selectFrom("contacts").select("user_id").where("company_id", "=", ctx.company.id).where("id", "=", onBehalfOf).executeTakeFirst();
  const delegatorUser = delegator?.user_id;
  if (doers.contacts.includes(onBehalfOf) || (delegatorUser != null && doers.users.includes(delegatorUser))) {
    throw forbidden("Segregation of duties: the person you act for created, submitted or requested this record; it cannot be approved on their behalf.");
  }
}
