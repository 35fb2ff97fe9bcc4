/**
 * Approval chains started for many records at once: the records of a bulk import's batch, created
 * together in their pending status (docs/imports.md), with no chain yet. `startChains` does for each record exactly what
 * engine.ts `startChain` does for one — same rows, statuses, audit, checks and notices — set-based:
 * the workflow read once, team members / requesters / vendors looked up once per batch (ChainLookups),
 * the approval rows of all records in one insert, each status move as one UPDATE per target status
 * with its audit rows in one insert, and every approver asked once for the batch (notices.ts).
 * The engine's per-record hooks (check, moved, onApproved) still run per record when it declares them.
 * Transaction contract: the caller's transaction; a refusal (422: a requester without a manager, a
 * check) throws and the whole batch is refused (the importer then writes it row by row).
 */
import { sql } from "kysely";
import { tableOf, type ResourceDef } from "../../../framework/resource.js";
import { insertRows } from "../../db/bulk.js";
import { type DB, untyped } from "../../db/connect.js";
import { whileRunning } from "../../db/overlap.js";
import type { Ctx, Row } from "../../resources/context.js";
import { activityRows } from "../../resources/write.js";
import type { Engine } from "./approvables/index.js";
import { actionable, approvableResource, autoApproval, chainLookups, chainRows, engineOf, enginesOnTable, statusMove, workflowSteps } from "./engine.js";
import { askApproversOfMany } from "./notices.js";

type Move = { record: Row; moved: Row & { status: string } };

/** The rows with the same columns (insertRows takes the first row's keys): a column a row lacks is null. */
function uniform(rows: readonly Row[]): Row[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
}

/**
 * engine.ts setStatus for many records: one UPDATE per distinct move, their audit rows in one insert, then
 * engine.moved per record. A record that already holds the values (a vendor created PENDING staying
 * PENDING) is not rewritten: the UPDATE would change nothing but updated_at, which its insert set in
 * this same transaction; its audit row is written all the same, as setStatus writes it.
 * `planStatuses` is the part without the database (startChains runs it while the approvals go in).
 */
function planStatuses(ctx: Ctx, engine: Engine, resource: ResourceDef, moves: readonly Move[]) {
  const planned = moves.map(({ record, moved }) => ({ record, moved, ...statusMove(engine, record, moved) }));
  const groups = new Map<string, { values: Row; ids: number[] }>();
  for (const { record, values } of planned) {
    if (Object.entries(values).every(([k, v]) => record[k] === v)) continue;
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? groups.set(key, { values, ids: [] }).get(key)!;
    group.ids.push(record.id as number);
  }
  const audits = activityRows(ctx, "update", resource, planned.map(({ record, changes }) => ({ id: record.id as number, changes })));
  return { engine, resource, planned, groups: [...groups.values()], audits };
}

async function setStatuses(trx: DB, ctx: Ctx, { engine, resource, planned, groups, audits }: ReturnType<typeof planStatuses>): Promise<void> {
  for (const { values, ids } of groups) {
    await untyped(trx).updateTable(tableOf(resource)).set({ ...values, updated_at: new Date() })
      .where("company_id", "=", ctx.company.id).where("id", "=", sql<number>`any(${sql.val(ids)}::int[])`).execute();
  }
  await insertRows(trx, "activities", audits);
  if (engine.moved) for (const { record, moved } of planned) await engine.moved(record, moved.status, trx);
}

/**
 * Start the approval chains of `records` (of `type`, in the caller's transaction), as startChain does for
 * each. The records have no chain yet (created together in this transaction): no pending row to remove.
 */
export async function startChains(trx: DB, ctx: Ctx, type: string, records: readonly Row[]): Promise<void> {
  if (records.length === 0) return;
  const engine = engineOf(type);
  const resource = approvableResource(type);
  const steps = await workflowSteps(trx, ctx, type);
  const lookups = chainLookups(trx, ctx);
  const chains: { record: Row; rows: Row[] }[] = [];
  for (const record of records) chains.push({ record, rows: await chainRows(trx, ctx, type, record, steps, lookups) });
  const submitted = engine.submitted?.(ctx) ?? {};
  const approved = chains.filter((c) => c.rows.length === 0).map((c) => c.record);
  const pending = chains.filter((c) => c.rows.length > 0);
  // an auto-approval is an approval: the record's approval checks hold it as an approver's would
  if (engine.check) for (const record of approved) await engine.check(record, "approve", trx, ctx);
  await insertRows(trx, "approvals", approved.map((record) => autoApproval(ctx, type, record)), []);
  // the status moves are planned while the database inserts the approvals
  const [inserted, statuses] = await whileRunning(insertRows(trx, "approvals", uniform(pending.flatMap((c) => c.rows)), ["id", "approvable_id", "step", "contact_id", "team_id"]),
    () => planStatuses(ctx, engine, resource, [
      ...approved.map((record) => ({ record, moved: { status: engine.approvedStatus(record), ...submitted } })),
      ...pending.map(({ record }) => ({ record, moved: { status: engine.pendingStatus, ...submitted } })),
    ]));
  await setStatuses(trx, ctx, statuses);
  if (engine.onApproved) for (const record of approved) await engine.onApproved(trx, ctx, record);
  const rowsOf = new Map<unknown, Row[]>();
  for (const row of inserted) rowsOf.set(row.approvable_id, [...(rowsOf.get(row.approvable_id) ?? []), row]);
  await askApproversOfMany(trx, ctx, type, pending.map(({ record }) => ({ record, rows: actionable(rowsOf.get(record.id) ?? []) })));
}

/**
 * engine.ts approvalsAfterWrite for rows just created together (the generic write path's
 * afterEveryCreateMany): the records created in their type's pending status start their chains.
 */
export async function approvalsAfterCreateMany(trx: DB, ctx: Ctx, resource: ResourceDef, rows: readonly Row[]): Promise<void> {
  for (const engine of enginesOnTable(tableOf(resource))) {
    const type = engine.type;
    const records = rows.filter((row) => (!engine.owns || engine.owns(row)) && row.status === engine.pendingStatus);
    if (engine.check) for (const record of records) await engine.check(record, "submit", trx, ctx);
    await startChains(trx, ctx, type, records);
  }
}
