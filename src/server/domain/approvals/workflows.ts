/**
 * Approval workflow rules, checked on every write with per-step, per-field errors
 * (errors["steps.0.approver_ids"]): approvers exist in the company (contacts for USER and
 * CUSTOM_APPROVERS, teams for TEAM; OTHER, the requester's manager, takes none), amount steps have
 * a decimal range with min ≤ max, id-list triggers (SUBSIDIARY, VENDOR, ACCOUNT) have ids that exist,
 * DEPARTMENT / LOCATION steps have names (stored trimmed; only they take names), step orders are
 * distinct, CUSTOM_QUESTION / CUSTOM_TRIGGER steps are refused (nothing to evaluate yet); and at most
 * one workflow per type is ACTIVE.
 */
import { valueKey } from "../../../framework/cell-text.js";
import { translator, type Translate } from "../../locale.js";
import { sql } from "kysely";
import { customFormats } from "../../../framework/schema.js";
import { money } from "../../../framework/money.js";
import { type DB, untyped } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

/** One step of a workflow, as stored in workflows.steps. */
export interface Step {
  order: number;
  trigger: string;
  min_amount?: string | null;
  max_amount?: string | null;
  ids?: number[];
  names?: string[];
  approver_type: string;
  approver_ids?: number[];
  require_all?: boolean;
}

const amountTriggers = ["AMOUNT", "APPROVER_AMOUNT"];
/** triggers of the spec's list with nothing to evaluate yet (no custom questions or triggers): a step of them could never fire */
const unsupportedTriggers = ["CUSTOM_QUESTION", "CUSTOM_TRIGGER"];
/** the table the ids of a trigger name; triggers not listed carry no ids we can check */
const triggerTables: Record<string, string> = { SUBSIDIARY: "subsidiaries", VENDOR: "vendors", ACCOUNT: "accounts" };
/** triggers that match a list of ids, which must not be empty */
const idListTriggers = Object.keys(triggerTables);
/** triggers that match names the records carry (there are no department or location tables) */
const nameListTriggers = ["DEPARTMENT", "LOCATION"];
const approverTables: Record<string, { table: string; where?: [string, string] }> = {
  USER: { table: "contacts", where: ["contact_type", "COMPANY"] },
  CUSTOM_APPROVERS: { table: "contacts", where: ["contact_type", "COMPANY"] },
  TEAM: { table: "teams" },
};

async function missingIds(trx: DB, companyId: number, table: string, ids: readonly number[], where?: [string, string]): Promise<number[]> {
  if (ids.length === 0) return [];
  let qb = untyped(trx).selectFrom(table).select("id").where("company_id", "=", companyId).where("id", "in", [...ids]);
  if (where) qb = qb.where(where[0], "=", where[1]);
  const found = new Set((await qb.execute()).map((r) => r.id as number));
  return ids.filter((id) => !found.has(id));
}

const isAmount = (v: unknown): v is string => typeof v === "string" && customFormats.money.test(v);

async function checkSteps(steps: readonly Step[], ctx: Ctx, trx: DB): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (i: number, field: string, message: string) => (errors[`steps.${i}.${field}`] ??= []).push(message);
  const orders = steps.map((s) => s.order);
  for (const [i, step] of steps.entries()) {
    if (orders.indexOf(step.order) !== i) add(i, "order", "is used by another step");
    if (unsupportedTriggers.includes(step.trigger)) add(i, "trigger", `${step.trigger} steps are not supported yet`);

    if (amountTriggers.includes(step.trigger)) {
      const { min_amount: min, max_amount: max } = step;
      if (min == null && max == null) add(i, "min_amount", "an amount step needs a minimum or a maximum amount");
      if (min != null && !isAmount(min)) add(i, "min_amount", "must be an amount such as 1000.00");
      if (max != null && !isAmount(max)) add(i, "max_amount", "must be an amount such as 1000.00");
      if (isAmount(min) && money(min).isNegative()) add(i, "min_amount", "must not be negative");
      if (isAmount(min) && isAmount(max) && money(min).gt(max)) add(i, "max_amount", "must be greater than or equal to the minimum amount");
    } else if (step.min_amount != null || step.max_amount != null) {
      add(i, "min_amount", `amounts apply only to ${amountTriggers.join(" and ")} steps`);
    }

    const ids = step.ids ?? [];
    const table = triggerTables[step.trigger];
    if (idListTriggers.includes(step.trigger) && ids.length === 0) add(i, "ids", `a ${step.trigger} step needs the records it applies to`);
    const unknown = table ? await missingIds(trx, ctx.company.id, table, ids) : [];
    if (unknown.length) add(i, "ids", `not found: ${unknown.join(", ")}`);

    const names = step.names ?? [];
    if (nameListTriggers.includes(step.trigger)) {
      if (names.length === 0) add(i, "names", `a ${step.trigger} step needs the ${step.trigger.toLowerCase()} names it applies to`);
      if (names.some((n) => n.trim() === "")) add(i, "names", "must not be blank");
    } else if (names.length) {
      add(i, "names", `names apply only to ${nameListTriggers.join(" and ")} steps`);
    }

    const approvers = step.approver_ids ?? [];
    const target = approverTables[step.approver_type];
    if (target && approvers.length === 0) add(i, "approver_ids", "choose at least one approver");
    if (step.approver_type === "OTHER" && approvers.length) add(i, "approver_ids", "an OTHER step's approver is the requester's manager: it takes no approvers");
    if (target) {
      const missing = await missingIds(trx, ctx.company.id, target.table, approvers, target.where);
      if (missing.length) add(i, "approver_ids", `${step.approver_type === "TEAM" ? "teams" : "company contacts"} not found: ${missing.join(", ")}`);
    }
  }
  return errors;
}

async function check(data: Row, ctx: Ctx, trx: DB, existingId?: number): Promise<void> {
  const errors = await checkSteps((data.steps as Step[] | undefined) ?? [], ctx, trx);
  if (data.status === "ACTIVE") {
    // serialise concurrent activations of the same type, then look for another active one
    await sql`select pg_advisory_xact_lock(hashtext(${`workflows:${ctx.company.id}:${String(data.workflow_type)}`}))`.execute(trx);
    let other = trx.selectFrom("workflows").select("name").where("company_id", "=", ctx.company.id)
      .where("workflow_type", "=", String(data.workflow_type)).where("status", "=", "ACTIVE");
    if (existingId !== undefined) other = other.where("id", "<>", existingId);
    const found = await other.executeTakeFirst();
    if (found) (errors.status ??= []).push(`only one ${String(data.workflow_type)} workflow can be ACTIVE; "${String(found.name)}" is`);
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** Steps are stored complete (every field, defaults filled) and in their order of application. */
const normalise = (data: Row) => {
  if (!Array.isArray(data.steps)) return;
  data.steps = (data.steps as Step[])
    .map((s) => ({ min_amount: null, max_amount: null, ids: [], approver_ids: [], require_all: false, ...s, names: (s.names ?? []).map((n) => n.trim()) }))
    .sort((a, b) => a.order - b.order);
};

/** One step in the reader's words: its trigger and approver type by their labels (locales), not their codes. */
function summary(step: Step, t: Translate): string {
  const range = [step.min_amount != null ? `≥ ${step.min_amount}` : "", step.max_amount != null ? `≤ ${step.max_amount}` : ""].filter(Boolean).join(" ");
  const names = step.names?.length ? ` (${step.names.join(", ")})` : "";
  const trigger = t(valueKey("workflows", "steps_trigger", step.trigger), step.trigger);
  const approvers = t(valueKey("workflows", "steps_approver_type", step.approver_type), step.approver_type);
  const all = step.require_all ? ` (${t("workflows.ui.allMustApprove", "all")})` : "";
  return `${step.order}. ${trigger}${range ? ` ${range}` : ""}${names} → ${approvers}${all}`;
}

export const workflowHooks: ResourceHooks = {
  decorate(rows, ctx) {
    const t = translator(ctx.contact.language);
    for (const row of rows) row.steps_summary = ((row.steps as Step[] | null) ?? []).map((step) => summary(step, t)).join("; ");
  },
  async beforeCreate(data, ctx, trx) {
    data.status ??= "INACTIVE";
    await check(data, ctx, trx);
    normalise(data);
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await check({ ...existing, ...data }, ctx, trx, existing.id as number);
    normalise(data);
  },
};

/** Workflows whose steps name `teamId` as approver: a team in use cannot be deleted. */
export async function workflowsUsingTeam(trx: DB, companyId: number, teamId: number): Promise<string[]> {
  const rows = await trx.selectFrom("workflows").select(["name", "steps"]).where("company_id", "=", companyId).execute();
  return rows.filter((w) => ((w.steps as Step[] | null) ?? []).some((s) => s.approver_type === "TEAM" && (s.approver_ids ?? []).includes(teamId)))
    .map((w) => String(w.name));
}
