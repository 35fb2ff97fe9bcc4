/**
 * The floor of `npm run bench:api`: a bare Fastify + pg server answering the same two pages as Outlay
 * with hand-written SQL of the same shape, and nothing else (no sign-in, no permission check, no
 * hooks, no logging, no count cache):
 * - the invoice list: APPROVED, by due date, 25 rows with vendor, subsidiary and purchase orders
 *   embedded, and the count capped as Outlay caps it;
 * - one invoice with the same embeds as Outlay's show (belongs-to, refers-many, has-many), one statement.
 * Two of them: `prepared` names its statements (pg prepares each once per connection, as Outlay's
 * prepared reads do), the other sends them unprepared (parsed and planned on every request).
 */
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";

const keepText = (value: string) => value;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 1082 || oid === 1700 ? keepText : oid === 20 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const stamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const belongsTo = `
  (select json_build_object('id', r.id, 'name', r.name, 'vendor_id', r.vendor_id, 'classification', r.classification, 'po_not_required', r.po_not_required)
     from vendors r where r.company_id = $1 and r.id = t.vendor_id) as vendor,
  (select json_build_object('id', r.id, 'name', r.name) from subsidiaries r where r.company_id = $1 and r.id = t.subsidiary_id) as subsidiary,
  (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.number, 'amount', r.amount::text, 'open_balance', r.open_balance::text, 'status', r.status) order by k.n), '[]'::json)
     from purchase_orders r join unnest(t.purchase_order_ids) with ordinality k(id, n) on k.id = r.id where r.company_id = $1) as purchase_orders`;

const listSql = `
  select t.*, ${belongsTo}
  from invoices t where t.company_id = $1 and t.status = $2 order by t.due_date asc, t.id desc limit 25 offset 0`;
const countSql = "select count(*) as n from (select 1 from invoices t where t.company_id = $1 and t.status = $2 limit 10001) as capped";

const newest = (select: string, from: string) =>
  `(select coalesce(json_agg(e.j order by e.id desc), '[]'::json) from (select ${select} as j, r.id ${from} order by r.id desc limit 100) as e)`;
const throughLinks = "r.id in (select l.payment_id from invoice_payment_links l where l.company_id = $1 and l.invoice_id = t.id)";

const showSql = `
  select t.*, ${belongsTo},
  ${newest(`json_build_object('id', r.id, 'asset_file_file_name', r.asset_file_file_name, 'asset_file_file_size', r.asset_file_file_size, 'content_type', r.content_type, 'created_at', ${stamp("r.created_at")})`,
    "from documents r where r.company_id = $1 and r.assetable_id = t.id and r.assetable_type = 'Invoice'")} as documents,
  ${newest(`json_build_object('id', r.id, 'event', r.event, 'user_id', r.user_id, 'changes', r.changes, 'created_at', ${stamp("r.created_at")}, 'user_email', u.email, 'user_name', u.name, 'item_title', null)`,
    "from activities r left join users u on u.id = r.user_id where r.company_id = $1 and r.item_id = t.id and r.item_type = 'invoices'")} as activities,
  ${newest("json_build_object('id', r.id, 'payment_number', r.payment_number, 'payment_date', r.payment_date, 'payment_type', r.payment_type, 'amount', r.amount::text, 'status', r.status)",
    `from payments r where r.company_id = $1 and r.record_type in ('DEBIT', 'DISCOUNT') and ${throughLinks}`)} as payments,
  ${newest("json_build_object('id', r.id, 'payment_number', r.payment_number, 'payment_date', r.payment_date, 'amount', r.amount::text, 'balance', r.balance::text, 'status', r.status)",
    `from payments r where r.company_id = $1 and r.record_type = 'CREDIT' and ${throughLinks}`)} as vendor_credits,
  ${newest(`json_build_object('id', r.id, 'step', r.step, 'contact_id', r.contact_id, 'aasm_state', r.aasm_state, 'is_claimed', r.is_claimed, 'acted_at', ${stamp("r.acted_at")}, 'comment', r.comment)`,
    "from approvals r where r.company_id = $1 and r.approvable_id = t.id and r.approvable_type = 'Invoice'")} as approvals
  from invoices t where t.company_id = $1 and t.id = $2`;

/** Serve the floor on a free port; `poolSize` as Outlay's pool. */
export async function startFloor(databaseUrl: string, companyId: number, poolSize: number, { prepared }: { prepared: boolean }): Promise<{ base: string; app: FastifyInstance; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types });
  const statement = (name: string, text: string, values: unknown[]) => (prepared ? { name: `floor_${name}`, text, values } : { text, values });
  const app = Fastify();
  app.get("/api/invoices", async (request, reply) => {
    const status = String((request.query as Record<string, unknown>).status ?? "APPROVED");
    const [rows, count] = await Promise.all([pool.query(statement("list", listSql, [companyId, status])), pool.query<{ n: number }>(statement("count", countSql, [companyId, status]))]);
    const total = Math.min(count.rows[0].n, 10_000);
    reply.header("x-total-count", String(total));
    return { data: rows.rows, meta: { total, total_capped: count.rows[0].n > 10_000 } };
  });
  app.get<{ Params: { id: string } }>("/api/invoices/:id", async (request, reply) => {
    const { rows } = await pool.query(statement("show", showSql, [companyId, Number(request.params.id)]));
    if (!rows.length) return reply.status(404).send({ errors: { base: ["Not found."] } });
    return { data: rows[0] };
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  return { base, app, close: async () => { await app.close(); await pool.end(); } };
}
