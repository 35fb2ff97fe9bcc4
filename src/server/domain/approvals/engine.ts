/**
 * The approval engine: submitting a record runs the company's ACTIVE workflow of its type, one
 * `pending` approval row per approver of each matching step; approvers then approve, reject or
 * (team steps) claim, one step after the other. Each workflow type plugs in an `Engine`
 * (src/server/domain/approvals/approvables/), registered in `engines`.
 *
 * Decisions (documented in docs/api.md):
 * - Triggers: DEFAULT always matches; AMOUNT / APPROVER_AMOUNT when min ≤ amount (≤ max when set),
 *   amounts taken as in the company's currency; SUBSIDIARY / VENDOR when the record's subsidiary_id
 *   / vendor_id is in `ids`; ACCOUNT when an account of the GL coding (by number) is in `ids`;
 *   DEPARTMENT / LOCATION when the record's department / location name (invoice `department`,
 *   `location_name`; purchase order and card purchase `department`) is in the step's `names`,
 *   trimmed and case-insensitive (records carry names: there are no department or location tables);
 *   records without the column never match. INVOICE_PO when the record is linked to a purchase order
 *   (an invoice's or card's `purchase_order_ids`, a card purchase's `purchase_order_id`). VENDOR_PO
 *   when the record's vendor requires purchase orders (`po_not_required` false) and the record is not
 *   linked to one: for an invoice, the PO-less invoice of a PO vendor, the exception a controller
 *   wants routed; records that cannot link one (a purchase order itself, payments, credits, a vendor:
 *   itself) match on the vendor alone. CUSTOM_QUESTION and CUSTOM_TRIGGER steps cannot be saved
 *   (workflows.ts: nothing to evaluate yet).
 * - Rows: USER and CUSTOM_APPROVERS: one row per contact; TEAM: one row per team (any member may
 *   claim/approve), or one row per member when require_all; OTHER: one row for the requester's
 *   manager (contacts.manager_id of the engine's `requester` contact, else of the submitting user's
 *   contact). A requester without a manager (or managing themself) refuses the submit (or the create
 *   or edit that starts the chain) with 422
 *   "Step N needs the requester's manager: <name> has none": a step is never skipped.
 * - A step is done when every row of it is approved (require_all) or one is: the step's other
 *   pending rows are then removed. Only the lowest pending step is actionable (409 otherwise).
 * - A rejection rejects the record and closes the chain: the other pending rows become `rejected`
 *   with acted_by empty and the comment "Closed: rejected at step N".
 * - Segregation of duties (segregation.ts): the record's creator, submitter or requester cannot approve
 *   it unless the type's ACTIVE workflow has allow_self_approval; whom it benefits (own expenses, own
 *   card) never can; the same holds for the delegator an approver acts for.
 * - Concurrency: the record, then the approval row, are locked FOR UPDATE and the state re-checked.
 * - Start and restart by the generic write path (approvalsAfterWrite): a record created in its
 *   pending status (a payment, virtual card or card purchase created PENDING), an edit that moves the
 *   record into it (a declared transition), an edit that changes one of the engine's `restartOn` fields
 *   of a record with a pending chain, or one of its `reapprove` fields of a record already approved
 *   (a payment method's bank details, a card's limits, a vendor's tax data) (re)starts the chain in the
 *   write's transaction: the record is pending again until approved. Acted rows stay as history.
 * - The record moves only through setStatus: its status and the columns that follow it (a purchase
 *   order's approval_status: PENDING / APPROVED / REJECTED with its status), one audited update.
 * - Notices (approval-notices.ts): the approvers of each newly actionable step are notified and mailed
 *   (after the commit); the requester who started the chain hears when an approver ends it.
 */
import { money } from "../../../framework/money.js";
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { resourceByName } from "../../../../resources/index.js";
import { type DB, untyped } from "../../db/connect.js";
import { conflict, forbidden, notFound, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { delegationsToday, findRow } from "../../resources/query.js";
import { audit } from "../../resources/write.js";
import { askApprovers, tellRequesters } from "./notices.js";
import { engineOf, enginesOnTable, type Engine } from "./approvables/index.js";
import type { Facts } from "./approvables/facts.js";
import type { Step } from "./workflows.js";
import type { ActionCall, ActionEntry, ActionResult } from "../../resources/modules.js";
import { decorate } from "../../resources/read.js";
import { checkSegregation } from "./segregation.js";

export { engineOf };

/** The resource that sees the type's records in every approval state. */
export const approvableResource = (type: string): ResourceDef => engineOf(type).def;

const workflowTypeOf = (type: string) => engineOf(type).workflowType;

/** A department or location name as compared: trimmed, case-insensitive. */
const nameKey = (name: string) => name.trim().toLowerCase();
const namedIn = (step: Step, name: string | null | undefined) => name != null && (step.names ?? []).some((n) => nameKey(n) === nameKey(name));

export function stepMatches(step: Step, facts: Facts): boolean {
  const ids = step.ids ?? [];
  switch (step.trigger) {
    case "DEFAULT":
      return true;
    case "AMOUNT":
    case "APPROVER_AMOUNT": {
      const amount = money(facts.amount);
      return (step.min_amount == null || amount.gte(step.min_amount)) && (step.max_amount == null || amount.lte(step.max_amount));
    }
    case "SUBSIDIARY":
      return facts.subsidiaryId != null && ids.includes(facts.subsidiaryId);
    case "VENDOR":
      return facts.vendorId != null && ids.includes(facts.vendorId);
    case "ACCOUNT":
      return (facts.accountIds ?? []).some((id) => ids.includes(id));
    case "DEPARTMENT":
      return namedIn(step, facts.department);
    case "LOCATION":
      return namedIn(step, facts.location);
    case "INVOICE_PO":
      return facts.poLinked === true;
    case "VENDOR_PO":
      return facts.vendorRequiresPo === true && facts.poLinked !== true;
    default:
      return false;
  }
}

async function activeWorkflow(trx: DB, companyId: number, type: string): Promise<Row | undefined> {
  return (await trx.selectFrom("workflows").selectAll().where("company_id", "=", companyId)
    .where("workflow_type", "=", type).where("status", "=", "ACTIVE").executeTakeFirst());
}

/**
 * 403 when the user is a party to `record` (segregation.ts) and the type's workflow does not allow self
 * approval: for an act that stands in for an approval, such as accepting an invoice's matching exceptions.
 */
export async function checkNotParty(trx: DB, ctx: Ctx, type: string, record: Row, act: string): Promise<void> {
  const workflow = await activeWorkflow(trx, ctx.company.id, workflowTypeOf(type));
  await checkSegregation(trx, ctx, engineOf(type), record, {}, null, workflow?.allow_self_approval === true, act);
}

/** The type's ACTIVE workflow's steps in order (none: no workflow). */
export async function workflowSteps(trx: DB, ctx: Ctx, type: string): Promise<Step[]> {
  const workflow = await activeWorkflow(trx, ctx.company.id, workflowTypeOf(type));
  return ((workflow?.steps as Step[] | null) ?? []).slice().sort((a, b) => a.order - b.order);
}

export async function teamMembers(trx: DB, companyId: number, teamId: number): Promise<number[]> {
  const rows = await trx.selectFrom("team_members").select("contact_id").where("company_id", "=", companyId).where("team_id", "=", teamId).execute();
  return rows.map((r) => r.contact_id);
}

interface Requester { first_name: string | null; last_name: string | null; manager_id: number | null }

/**
 * What building a record's chain looks up beyond the record, each answer kept for the chains built with
 * the same lookups (a batch's: one query per team, requester or vendor, not one per record).
 */
export interface ChainLookups {
  members(teamId: number): Promise<number[]>;
  requester(contactId: number): Promise<Requester | undefined>;
  /** the vendor requires purchase orders (po_not_required false); no vendor: false */
  requiresPo(vendorId: number | null | undefined): Promise<boolean>;
}

/** Lookups answering each question once. */
export function chainLookups(trx: DB, ctx: Ctx): ChainLookups {
  const once = <K, V>(load: (key: K) => Promise<V>) => {
    const known = new Map<K, Promise<V>>();
    return (key: K) => known.get(key) ?? (known.set(key, load(key)), known.get(key)!);
  };
  return {
    members: once((teamId: number) => teamMembers(trx, ctx.company.id, teamId)),
    requester: once((contactId: number) => trx.selectFrom("contacts").select(["first_name", "last_name", "manager_id"])
      .where("company_id", "=", ctx.company.id).where("id", "=", contactId).executeTakeFirst()),
    requiresPo: once(async (vendorId: number | null | undefined) => {
      if (vendorId == null) return false;
      const vendor = await trx.selectFrom("vendors").select("po_not_required").where("company_id", "=", ctx.company.id).where("id", "=", vendorId).executeTakeFirst();
      return vendor?.po_not_required === false;
    }),
  };
}

/**
 * An OTHER step's approver: the manager of the record's requester (the engine's requester column, else
 * the submitting user's contact). No manager, or the requester managing themself: 422, the chain is not
 * started (a step is never skipped silently).
 */
async function requestersManager(ctx: Ctx, engine: Engine, record: Row, step: Step, lookups: ChainLookups): Promise<number> {
  const own = engine.requester ? record[engine.requester] : null;
  const requesterId = typeof own === "number" ? own : ctx.contact.id;
  const requester = await lookups.requester(requesterId);
  const managerId = requester?.manager_id;
  if (managerId == null || managerId === requesterId) {
    const name = requester ? `${String(requester.first_name)} ${String(requester.last_name)}` : `contact ${requesterId}`;
    throw unprocessable({ base: [`Step ${step.order} needs the requester's manager: ${name} has none`] });
  }
  return managerId;
}

/** The pending rows the workflow's `steps` ask for the record, in step order. */
export async function chainRows(trx: DB, ctx: Ctx, type: string, record: Row, steps: readonly Step[], lookups: ChainLookups): Promise<Row[]> {
  const engine = engineOf(type);
  const facts = await engine.facts(record, trx, ctx);
  if (steps.some((s) => s.trigger === "VENDOR_PO")) facts.vendorRequiresPo = await lookups.requiresPo(facts.vendorId);
  const rows: Row[] = [];
  const base = { company_id: ctx.company.id, approvable_type: type, approvable_id: record.id, aasm_state: "pending", submitted_by_id: ctx.user.id };
  for (const step of steps) {
    if (!stepMatches(step, facts)) continue;
    const requireAll = step.require_all === true;
    const approvers = step.approver_ids ?? [];
    if (step.approver_type === "USER" || step.approver_type === "CUSTOM_APPROVERS") {
      for (const contactId of approvers) rows.push({ ...base, step: step.order, contact_id: contactId, require_all: requireAll });
    } else if (step.approver_type === "TEAM") {
      for (const teamId of approvers) {
        if (!requireAll) rows.push({ ...base, step: step.order, team_id: teamId, require_all: false });
        else for (const contactId of await lookups.members(teamId)) rows.push({ ...base, step: step.order, team_id: teamId, contact_id: contactId, require_all: true });
      }
    } else if (step.approver_type === "OTHER") {
      rows.push({ ...base, step: step.order, contact_id: await requestersManager(ctx, engine, record, step, lookups), require_all: false });
    }
  }
  return rows;
}


async function lockRecord(type: string, id: unknown, ctx: Ctx): Promise<Row> {
  const engine = engineOf(type);
  const resource = engine.def;
  const record = await findRow(resource, id, ctx, true);
  if (!record) throw notFound();
  return record;
}

/** A move of a record by its chain: the values set (the status with the columns that follow it, engine.statusColumns) and the audited changes. */
export function statusMove(engine: Engine, record: Row, moved: Row & { status: string }): { values: Row; changes: Row } {
  const values = { ...moved, ...engine.statusColumns?.(moved.status) };
  // a column cleared that was empty is no change to record
  const changed = Object.entries(values).filter(([k, v]) => !(v == null && record[k] == null));
  return { values, changes: Object.fromEntries(changed.map(([k, v]) => [k, [record[k] ?? null, v]])) };
}

/** Every move of a record by its chain: statusMove, one audited update, then what follows it elsewhere (engine.moved). */
async function setStatus(trx: DB, ctx: Ctx, type: string, record: Row, moved: Row & { status: string }): Promise<void> {
  const engine = engineOf(type);
  const resource = engine.def;
  const { values, changes } = statusMove(engine, record, moved);
  await untyped(trx).updateTable(tableOf(resource)).set({ ...values, updated_at: new Date() }).where("id", "=", record.id as number).execute();
  await audit(trx, ctx, "update", resource, record.id as number, changes);
  await engine.moved?.(record, moved.status, trx);
}

/** The rows of the lowest pending step: the ones that can be acted on now. */
export const actionable = (rows: readonly Row[]): Row[] => {
  const lowest = Math.min(...rows.map((r) => r.step as number));
  return rows.filter((r) => r.step === lowest);
};

/** The approval row recording that no step applies: the record approved at once. */
export const autoApproval = (ctx: Ctx, type: string, record: Row): Row => ({
  company_id: ctx.company.id, approvable_type: type, approvable_id: record.id as number, step: 1, aasm_state: "approved",
  acted_at: new Date(), comment: "Auto-approved: no workflow step applies", submitted_by_id: ctx.user.id,
});

/**
 * (Re)start the approval chain of a locked record: pending rows removed, the workflow run again.
 * Returns the new pending rows; none means the record is approved at once (auto-approval recorded).
 */
export async function startChain(trx: DB, ctx: Ctx, type: string, record: Row): Promise<Row[]> {
  const engine = engineOf(type);
  await trx.deleteFrom("approvals").where("company_id", "=", ctx.company.id).where("approvable_type", "=", type)
    .where("approvable_id", "=", record.id as number).where("aasm_state", "=", "pending").execute();
  const rows = await chainRows(trx, ctx, type, record, await workflowSteps(trx, ctx, type), chainLookups(trx, ctx));
  const submitted = engine.submitted?.(ctx) ?? {};
  if (rows.length === 0) {
    // an auto-approval is an approval: the record's approval checks hold it as an approver's would
    await engine.check?.(record, "approve", trx, ctx);
    await untyped(trx).insertInto("approvals").values(autoApproval(ctx, type, record)).execute();
    await setStatus(trx, ctx, type, record, { status: engine.approvedStatus(record), ...submitted });
    await engine.onApproved?.(trx, ctx, record);
    return [];
  }
  const inserted = (await untyped(trx).insertInto("approvals").values(rows).returningAll().execute()) as Row[];
  await setStatus(trx, ctx, type, record, { status: engine.pendingStatus, ...submitted });
  await askApprovers(trx, ctx, type, record, actionable(inserted));
  return inserted;
}

async function hasPendingChain(trx: DB, ctx: Ctx, type: string, id: number): Promise<boolean> {
  return !!(await trx.selectFrom("approvals").select("id").where("company_id", "=", ctx.company.id).where("approvable_type", "=", type)
    .where("approvable_id", "=", id).where("aasm_state", "=", "pending").executeTakeFirst());
}

/**
 * POST /api/{resource}/{id}/submit of a resource declaring `approvable` (the framework's built-in submit
 * action, installed by ../setup.ts): the record, locked by the framework, starts its chain in the
 * action's transaction. Answers from the type's resource when the submitting view no longer shows the
 * record (the credit inbox lists NEW credits only).
 */
export async function submitAction({ resource, row: record, ctx }: ActionCall): Promise<ActionResult> {
  const { type, submittable } = resource.approvable!;
  const engine = engineOf(type);
  const trx = ctx.db;
  // a view of a shared table may hold records of another type (payments: DISCOUNT records)
  if (engine.owns && !engine.owns(record)) throw conflict(`This record does not go through ${type} approvals.`);
  if (!submittable.includes(String(record.status))) {
    throw conflict(`Only a record in status ${submittable.join(", ")} can be submitted; this one is ${String(record.status)}.`);
  }
  if (await hasPendingChain(trx, ctx, type, record.id as number)) throw conflict("This record is already awaiting approval.");
  await engine.check?.(record, "submit", trx, ctx);
  await startChain(trx, ctx, type, record);
  if (await findRow(resource, record.id, ctx)) return {};
  const view = approvableResource(type);
  const [data] = await decorate(view, [(await findRow(view, record.id, ctx))!], ctx, true);
  return { data };
}

export { enginesOnTable };

/**
 * Called by the generic write path in the write's transaction: a record created in its pending status,
 * or moved into it by an edit (submit by edit), or with a pending chain whose `restartOn` fields an
 * edit changed (a lines relation named there: any of its lines written, `linesChanged`), gets its chain
 * (re)started. `before` is undefined for a create. Returns whether a chain
 * started (it may have moved the record on: auto-approval).
 */
export async function approvalsAfterWrite(trx: DB, ctx: Ctx, resource: ResourceDef, before: Row | undefined, after: Row, linesChanged: readonly string[] = []): Promise<boolean> {
  let started = false;
  for (const engine of enginesOnTable(tableOf(resource))) {
    const type = engine.type;
    if (engine.owns && !engine.owns(after)) continue;
    const enteredPending = after.status === engine.pendingStatus && before?.status !== engine.pendingStatus;
    // a field of the record changed, or (a relation's name) the edit wrote lines of that relation
    const differs = (field: string) => before !== undefined && (linesChanged.includes(field) || JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
    const changed = (engine.restartOn ?? []).some(differs);
    const reopened = engine.reapprove !== undefined && engine.reapprove.statuses.includes(String(before?.status)) && engine.reapprove.fields.some(differs);
    if (!enteredPending && !reopened && !(changed && (await hasPendingChain(trx, ctx, type, after.id as number)))) continue;
    await engine.check?.(after, "submit", trx, ctx);
    await startChain(trx, ctx, type, after);
    started = true;
  }
  return started;
}

interface Delegation { delegator_contact_id: number }

/** The delegators the contact may act for today (Approval or All delegations: every type acts on approvals). */
export async function activeDelegations(db: DB, companyId: number, contactId: number): Promise<(Delegation & { id: number; delegate_type: string })[]> {
  return (await delegationsToday(db, companyId, contactId).select(["d.id", "d.delegator_contact_id", "d.delegate_type"])
    .orderBy("d.id").execute()) as (Delegation & { id: number; delegate_type: string })[];
}

/** GET /api/users/current's delegators: who the user may act for today. */
export async function delegatorsOf(ctx: Ctx): Promise<{ id: number; delegate_type: string }[]> {
  const rows = await activeDelegations(ctx.db, ctx.company.id, ctx.contact.id);
  return rows.map((r) => ({ id: r.delegator_contact_id, delegate_type: r.delegate_type }));
}

/**
 * Whom the user acts as on this approval: themself, or a delegator (on behalf of) under an active
 * delegation; undefined when neither. The one rule for everything an approver may do (approve,
 * reject, claim, exclude rows of a payment run).
 */
export async function actingFor(trx: DB, ctx: Ctx, approval: Row): Promise<{ onBehalfOf: number | null } | undefined> {
  const me = ctx.contact.id;
  const eligible = async (contactId: number): Promise<boolean> => {
    if (approval.contact_id != null) return approval.contact_id === contactId;
    if (approval.team_id != null) return (await teamMembers(trx, ctx.company.id, approval.team_id as number)).includes(contactId);
    return false;
  };
  if (await eligible(me)) return { onBehalfOf: null };
  for (const d of await activeDelegations(trx, ctx.company.id, me)) {
    if (await eligible(d.delegator_contact_id)) return { onBehalfOf: d.delegator_contact_id };
  }
  return undefined;
}

/** Whom the user acts as on this approval; 403 when neither themself nor a delegator is its approver. */
async function actingAs(trx: DB, ctx: Ctx, approval: Row): Promise<{ onBehalfOf: number | null }> {
  const acting = await actingFor(trx, ctx, approval);
  if (!acting) throw forbidden("You are not an approver of this step.");
  return acting;
}

type Action = "approve" | "reject" | "claim";

/** Who asked for the approval: the user who started the chain, else the record's submitter. */
const requestersOf = (record: Row, approval: Row): number[] =>
  [approval.submitted_by_id ?? record.submitted_by_id].filter((id): id is number => typeof id === "number");

/**
 * The approval an action is about, of the company, locked after its record: the lock order of a submit
 * or an edit of the record (record, then approval). Who may act on it is the engine's answer (403).
 */
async function lockApproval(id: string, ctx: Ctx): Promise<Row | undefined> {
  const head = await ctx.db.selectFrom("approvals").select(["approvable_type", "approvable_id"])
    .where("company_id", "=", ctx.company.id).where("id", "=", Number(id) || 0).executeTakeFirst();
  if (!head) return undefined;
  await lockRecord(String(head.approvable_type), head.approvable_id, ctx);
  return (await ctx.db.selectFrom("approvals").selectAll().where("company_id", "=", ctx.company.id)
    .where("id", "=", Number(id)).forUpdate().executeTakeFirst());
}

/**
 * POST /api/approvals/{id}/approve | reject | claim (and POST /api/approvals/bulk/approve): declared
 * actions of the approvals resource whose handlers these are (approvals.server.ts), in the action's
 * transaction with the record, then the approval locked (lockApproval); the answer is the approval as saved.
 */
export const approvalAction = (action: Action): ActionEntry => ({
  find: lockApproval,
  async run({ row: approval, input, ctx }) {
    const comment = typeof input.comment === "string" && input.comment.trim() ? input.comment.trim() : null;
    if (action === "reject" && !comment) throw unprocessable({ comment: ["is required to reject"] });
    const type = String(approval.approvable_type);
    const engine = engineOf(type);
    const trx = ctx.db;
    const tctx = ctx;
    const record = await lockRecord(type, approval.approvable_id, ctx);
    if (approval.aasm_state !== "pending") throw conflict(`This approval has already been ${String(approval.aasm_state)}.`);
    const lower = await trx.selectFrom("approvals").select("step").where("company_id", "=", ctx.company.id)
      .where("approvable_type", "=", type).where("approvable_id", "=", record.id as number)
      .where("aasm_state", "=", "pending").where("step", "<", approval.step as number).orderBy("step").executeTakeFirst();
    if (lower) throw conflict(`Step ${String(lower.step)} must be approved before step ${String(approval.step)}.`);
    const { onBehalfOf } = await actingAs(trx, tctx, approval);

    if (action === "claim") {
      if (approval.team_id == null || approval.contact_id != null) throw conflict("Only an unclaimed team approval can be claimed.");
      const row = (await trx.updateTable("approvals").set({ is_claimed: true, contact_id: onBehalfOf ?? ctx.contact.id, updated_at: new Date() })
        .where("id", "=", approval.id as number).returningAll().executeTakeFirstOrThrow()) as Row;
      await audit(trx, ctx, "update", resourceByName.get("approvals")!, row.id as number, { is_claimed: [false, true], contact_id: [null, row.contact_id] });
      return {};
    }

    if (action === "approve") {
      const workflow = await activeWorkflow(trx, ctx.company.id, workflowTypeOf(type));
      await checkSegregation(trx, tctx, engine, record, approval, onBehalfOf, workflow?.allow_self_approval === true);
      await engine.check?.(record, "approve", trx, tctx);
    }

    const state = action === "approve" ? "approved" : "rejected";
    const row = (await trx.updateTable("approvals").set({
      aasm_state: state, acted_at: new Date(), acted_by_contact_id: ctx.contact.id, on_behalf_of_contact_id: onBehalfOf, comment, updated_at: new Date(),
    }).where("id", "=", approval.id as number).returningAll().executeTakeFirstOrThrow()) as Row;
    await audit(trx, ctx, "update", resourceByName.get("approvals")!, row.id as number, { aasm_state: ["pending", state], comment: [null, comment] });

    const others = trx.deleteFrom("approvals").where("company_id", "=", ctx.company.id).where("approvable_type", "=", type)
      .where("approvable_id", "=", record.id as number).where("aasm_state", "=", "pending");
    if (action === "reject") {
      await trx.updateTable("approvals").set({ aasm_state: "rejected", acted_at: new Date(), comment: `Closed: rejected at step ${String(approval.step)}`, updated_at: new Date() })
        .where("company_id", "=", ctx.company.id).where("approvable_type", "=", type).where("approvable_id", "=", record.id as number)
        .where("aasm_state", "=", "pending").execute();
      await setStatus(trx, tctx, type, record, { status: engine.rejectedStatus });
      await engine.onRejected?.(trx, tctx, record);
      await tellRequesters(trx, tctx, type, record, "rejected", requestersOf(record, approval), comment);
      return {};
    }
    // any-one step: the step's other pending rows are no longer needed
    if (approval.require_all !== true) await others.where("step", "=", approval.step as number).execute();
    const left = (await trx.selectFrom("approvals").selectAll().where("company_id", "=", ctx.company.id).where("approvable_type", "=", type)
      .where("approvable_id", "=", record.id as number).where("aasm_state", "=", "pending").orderBy("id").execute()) as Row[];
    if (left.length === 0) {
      await setStatus(trx, tctx, type, record, { status: engine.approvedStatus(record) });
      await engine.onApproved?.(trx, tctx, record);
      await tellRequesters(trx, tctx, type, record, "approved", requestersOf(record, approval), comment);
    } else if (!left.some((r) => r.step === approval.step)) {
      // this step is done: the next one opens
      await askApprovers(trx, tctx, type, record, actionable(left));
    }
    return {};
  },
});
