/**
 * What consumes a budget, the one rule (docs/api.md "Budgets"): consumption = committed + actual.
 * - actual: the invoices approved or later (APPROVED, OPEN, PAID, CLOSED) of the purchase orders
 *   drawing on the budget, each invoice once per budget however many of its orders draw on it;
 * - committed: of each order awaiting approval or approved (PENDING, APPROVED, OPEN), the part not
 *   invoiced yet: its open balance, never more than what its actual invoices leave of its amount (so
 *   an invoice is never counted both as actual and as still committed), never below zero. A draft,
 *   rejected or closed order commits nothing more.
 * One set-based query per call, whatever the number of budgets and orders.
 */
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db/connect.js";

export const committingStatuses = ["PENDING", "APPROVED", "OPEN"] as const;
export const actualInvoiceStatuses = ["APPROVED", "OPEN", "PAID", "CLOSED"] as const;

export interface Consumer {
  budget_id: number;
  kind: "purchase_order" | "invoice";
  id: number;
  number: string;
  vendor: string | null;
  status: string;
  committed: string;
  actual: string;
}

const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * Every order and invoice consuming the budgets `budgetIds` of the company, with its committed and
 * actual money (an order that commits nothing and has no actual invoice is left out); `exceptOrder` leaves one order (and its invoices) out: the one being submitted.
 */
function consumersQuery(companyId: number, budgetIds: readonly number[], exceptOrder?: number): RawBuilder<Consumer> {
  const except = exceptOrder === undefined ? sql`` : sql`and po.id <> ${exceptOrder}`;
  return sql<Consumer>`
    with orders as (
      select po.id, po.budget_id, po.number, po.status, po.vendor_id, po.amount, po.open_balance
      from purchase_orders po
      where po.company_id = ${companyId} and po.budget_id in (${list(budgetIds)}) ${except}
    ), invoiced as (
      select distinct o.budget_id, i.id, i.number, i.status, i.vendor_id, i.amount, o.id as order_id
      from invoices i join orders o on o.id = any(i.purchase_order_ids)
      where i.company_id = ${companyId} and i.status in (${list(actualInvoiceStatuses)})
    ), actual_by_order as (
      select order_id, sum(amount) as actual from invoiced group by order_id
    )
    select o.budget_id, 'purchase_order' as kind, o.id, o.number, v.name as vendor, o.status,
      (case when o.status in (${list(committingStatuses)})
        then greatest(least(o.open_balance, o.amount - coalesce(a.actual, 0)), 0) else 0 end)::numeric(18,2)::text as committed,
      0::numeric(18,2)::text as actual
    from orders o left join actual_by_order a on a.order_id = o.id left join vendors v on v.id = o.vendor_id
    where o.status in (${list(committingStatuses)}) or a.actual is not null
    union all
    select distinct on (i.budget_id, i.id) i.budget_id, 'invoice' as kind, i.id, i.number, v.name as vendor, i.status,
      0::numeric(18,2)::text as committed, i.amount::numeric(18,2)::text as actual
    from invoiced i left join vendors v on v.id = i.vendor_id`;
}

/** The orders and invoices consuming the budgets, orders first, each by number. */
export async function consumersOf(db: DB, companyId: number, budgetIds: readonly number[]): Promise<Consumer[]> {
  if (budgetIds.length === 0) return [];
  const { rows } = await sql<Consumer>`select * from (${consumersQuery(companyId, budgetIds)}) c
    order by c.kind desc, c.number, c.id`.execute(db);
  return rows;
}

export interface Consumption { committed: string; actual: string }

/** Committed and actual money per budget (budgets consumed by nothing are absent). */
export async function consumptionOf(db: DB, companyId: number, budgetIds: readonly number[], exceptOrder?: number): Promise<Map<number, Consumption>> {
  if (budgetIds.length === 0) return new Map();
  const { rows } = await sql<Consumption & { budget_id: number }>`
    select c.budget_id, sum(c.committed::numeric)::numeric(18,2)::text as committed, sum(c.actual::numeric)::numeric(18,2)::text as actual
    from (${consumersQuery(companyId, budgetIds, exceptOrder)}) c group by c.budget_id`.execute(db);
  return new Map(rows.map((r) => [Number(r.budget_id), { committed: r.committed, actual: r.actual }]));
}
