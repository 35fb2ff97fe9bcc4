/**
 * The accrual summary (/accruals_summary, schemas/accrual_summary.ts), rebuilt for a company in one
 * set-based statement whenever an accrual, its journal or its invoice matches change. Each posted
 * accrual is a set of dated events: accrued (its posting, on its date), reversed (reversed_on), closed
 * (closed_on, when not reversed before: the close releases the liability then) and matched (each
 * invoice matched, in the month of the invoice's date, never before the accrual's). Per key (account,
 * vendor, accrual type, currency) and month, from the key's first event to its last — or to this month
 * while a liability is still open — the liability is rolled forward with a running sum, so that
 * open_amt_start + accrued − reversed − closed = open_amt_end exactly, month after month.
 */
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";

export async function refreshAccrualSummary(trx: DB, companyId: number): Promise<void> {
  // one rebuild at a time per company: two concurrent ones would both insert
  await sql`select pg_advisory_xact_lock(8201, ${companyId})`.execute(trx);
  await trx.deleteFrom("accrual_summaries").where("company_id", "=", companyId).execute();
  await sql`
    with posted as (
      select id, account_number, account_name, vendor_id, accrual_type, currency_code, amount, date, posted_on, reversed_on, closed_on
      from accruals where company_id = ${companyId} and posted_on is not null
    ), events as (
      select p.*, date_trunc('month', posted_on)::date as month, amount as accrued, 0::numeric as matched, 0::numeric as reversed, 0::numeric as closed from posted p
      union all
      select p.*, date_trunc('month', reversed_on)::date, 0, 0, amount, 0 from posted p where reversed_on is not null
      union all
      select p.*, date_trunc('month', closed_on)::date, 0, 0, 0, amount from posted p where closed_on is not null and reversed_on is null
      union all
      select p.*, date_trunc('month', greatest(i.date, p.date))::date, 0, l.amount, 0, 0
      from posted p join accrual_invoice_links l on l.accrual_id = p.id join invoices i on i.id = l.invoice_id
    ), per_month as (
      select dense_rank() over (order by account_number nulls first, vendor_id, accrual_type, currency_code) as k,
        account_number, max(account_name) as account_name, vendor_id, accrual_type, currency_code, month,
        sum(accrued) as accrued, sum(matched) as matched, sum(reversed) as reversed, sum(closed) as closed, count(distinct id) as accruals
      from events group by account_number, vendor_id, accrual_type, currency_code, month
    ), keys as (
      select k, min(month) as first,
        case when sum(accrued - reversed - closed) <> 0 then greatest(max(month), date_trunc('month', current_date)::date) else max(month) end as last
      from per_month group by k
    ), grid as (
      select k, generate_series(first, last, interval '1 month')::date as month from keys
    ), rolled as (
      select g.k, g.month,
        coalesce(m.accrued, 0) as accrued, coalesce(m.matched, 0) as matched, coalesce(m.reversed, 0) as reversed,
        coalesce(m.closed, 0) as closed, coalesce(m.accruals, 0) as accruals,
        sum(coalesce(m.accrued, 0) - coalesce(m.reversed, 0) - coalesce(m.closed, 0)) over (partition by g.k order by g.month) as open_end
      from grid g left join per_month m on m.k = g.k and m.month = g.month
    ), named as (
      select distinct on (k) k, account_number, vendor_id, accrual_type, currency_code,
        max(account_name) over (partition by k) as account_name
      from per_month
    )
    insert into accrual_summaries (company_id, period, account_number, account_name, vendor_id, accrual_type, currency_code,
      open_amt_start, accrued_amt_period, matched_amt_period, reversed_amt_period, closed_amt_period, open_amt_end, accrual_count)
    select ${companyId}, to_char(r.month, 'YYYY-MM'), n.account_number, n.account_name, n.vendor_id, n.accrual_type, n.currency_code,
      r.open_end - r.accrued + r.reversed + r.closed, r.accrued, r.matched, r.reversed, r.closed, r.open_end, r.accruals
    from rolled r join named n on n.k = r.k`.execute(trx);
}
