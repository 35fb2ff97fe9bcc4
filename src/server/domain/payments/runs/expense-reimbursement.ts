/**
 * Processing a run's EXPENSE rows: the money leaves for the employee, so the expense reports (and
 * their items) become PAID in the processing transaction, each with an activity row. Returns each
 * payment's report numbers (the NACHA addenda name them, as invoice numbers for vendors).
 */
import { resourceByName } from "../../../../../resources/index.js";
import type { DB } from "../../../db/connect.js";
import type { Ctx } from "../../../resources/context.js";
import { auditMany } from "../../../resources/write.js";
import { anyId } from "./ids.js";

const reports = resourceByName.get("expense_reports")!;

export async function markReportsPaid(trx: DB, ctx: Ctx, runId: number): Promise<Map<number, string[]>> {
  const rows = await trx.selectFrom("payment_run_items as i").innerJoin("expense_reports as r", "r.id", "i.expense_report_id")
    .select(["i.payment_id", "r.id", "r.number", "r.status"]).where("i.company_id", "=", ctx.company.id).where("i.payment_run_id", "=", runId)
    .where("i.invoice_type", "=", "EXPENSE").where("i.excluded", "=", false).where("i.status", "in", ["NEW", "APPROVED"]).orderBy("r.id").execute();
  if (rows.length === 0) return new Map();
  const ids = rows.map((r) => r.id);
  const now = new Date();
  await trx.updateTable("expense_reports").set({ status: "PAID", updated_at: now }).where("company_id", "=", ctx.company.id).where(anyId("id", ids)).execute();
  await trx.updateTable("expense_items").set({ status: "PAID", updated_at: now }).where("company_id", "=", ctx.company.id).where(anyId("expense_report_id", ids)).execute();
  await auditMany(trx, ctx, "update", reports, rows.map((r) => ({ id: r.id, changes: { status: [r.status, "PAID"] } })));
  const numbers = new Map<number, string[]>();
  for (const r of rows) numbers.set(r.payment_id as number, [...(numbers.get(r.payment_id as number) ?? []), String(r.number)]);
  return numbers;
}
