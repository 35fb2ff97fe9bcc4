/**
 * Taking rows out of an unprocessed run — rejection, an approver's exclusion, deletion: their
 * reservations go back to the invoices, their rows become VOID, and a payment left without rows
 * takes the given status (REJECTED, or VOID marked excluded). A payment that keeps other rows
 * loses only the links of the rows taken out and is re-totalled.
 */
import { sql } from "kysely";
import { money, sum } from "../../../../framework/money.js";
import type { DB } from "../../../db/connect.js";
import { updateFromValues } from "../../../db/bulk.js";
import type { Ctx } from "../../../resources/context.js";
import { anyId } from "./ids.js";
import { release } from "./reservations.js";

/** Rows still holding a reservation. */
const reservingItemStatuses = ["NEW", "APPROVED"];

export interface ReleaseScope {
  /** only these payments' rows, or only these rows; all of the run when neither is given */
  paymentIds?: readonly number[];
  itemIds?: readonly number[];
  paymentStatus: "REJECTED" | "VOID";
  runStatus: string;
  /** an approver's exclusion (rows and emptied payments are flagged excluded) */
  excluded?: boolean;
}

interface ItemRow { id: number; invoice_id: number | null; amount: string; credit_amount: string; payment_id: number; vendor_id: number | null; employee_contact_id: number | null }

async function activeItems(trx: DB, companyId: number, runId: number): Promise<ItemRow[]> {
  return (await trx.selectFrom("payment_run_items").select(["id", "invoice_id", "amount", "credit_amount", "payment_id", "vendor_id", "employee_contact_id"])
    .where("company_id", "=", companyId).where("payment_run_id", "=", runId).where("excluded", "=", false)
    .where("status", "in", reservingItemStatuses).orderBy("id").execute()) as ItemRow[];
}

/** Returns the rows taken out. The caller holds the run's row lock. */
export async function releaseRun(trx: DB, ctx: Ctx, runId: number, scope: ReleaseScope): Promise<ItemRow[]> {
  const companyId = ctx.company.id;
  const items = await activeItems(trx, companyId, runId);
  const chosen = items.filter((i) => (scope.itemIds ? scope.itemIds.includes(i.id) : scope.paymentIds ? scope.paymentIds.includes(i.payment_id) : true));
  if (chosen.length === 0) return [];
  const chosenIds = new Set(chosen.map((i) => i.id));
  const staying = items.filter((i) => !chosenIds.has(i.id));

  // invoice rows give their reservation back; an expense report is free again once its row is VOID
  const invoiceRows = chosen.flatMap((i) => (i.invoice_id === null ? [] : [{ invoice_id: i.invoice_id, amount: sum([i.amount, i.credit_amount]) }]));
  await release(trx, companyId, invoiceRows);
  await trx.updateTable("payment_run_items").set({ status: "VOID", excluded: scope.excluded === true, payment_run_status: scope.runStatus, updated_at: new Date() })
    .where("company_id", "=", companyId).where(anyId("id", [...chosenIds])).execute();

  const paymentIds = [...new Set(chosen.map((i) => i.payment_id))];
  const emptied = paymentIds.filter((id) => !staying.some((i) => i.payment_id === id));
  const shrunk = paymentIds.filter((id) => !emptied.includes(id));
  if (emptied.length) {
    await trx.updateTable("payments").set({ status: scope.paymentStatus, excluded: scope.excluded === true, updated_at: new Date() })
      .where("company_id", "=", companyId).where(anyId("id", emptied)).execute();
  }
  if (shrunk.length) {
    const gone = chosen.filter((i) => shrunk.includes(i.payment_id));
    await trx.deleteFrom("invoice_payment_links").where("company_id", "=", companyId).where(anyId("payment_id", shrunk))
      .where(anyId("invoice_id", gone.flatMap((i) => (i.invoice_id === null ? [] : [i.invoice_id])))).execute();
    await updateFromValues(trx, "payments", companyId, shrunk.map((id) => ({ id, amount: sum(staying.filter((i) => i.payment_id === id).map((i) => i.amount)) })),
      { amount: "numeric" }, sql`amount = v.amount`);
  }
  if (scope.excluded) await retotal(trx, companyId, runId, staying);
  return chosen;
}

/** The run's total and payee count (vendors and employees) after rows were excluded. */
async function retotal(trx: DB, companyId: number, runId: number, staying: readonly ItemRow[]): Promise<void> {
  await trx.updateTable("payment_runs").set({
    total_amount: staying.reduce((t, i) => t.plus(i.amount), money(0)).toFixed(2), total_vendor_count: new Set(staying.map((i) => (i.vendor_id !== null ? `v${i.vendor_id}` : `e${String(i.employee_contact_id)}`))).size, updated_at: new Date(),
  }).where("company_id", "=", companyId).where("id", "=", runId).execute();
}
