/**
 * Prepared reads, on both databases. A SELECT sent outside a transaction goes as a named statement,
 * so a connection parses and plans a query's text once instead of on every request: planning a
 * show page's one statement (a record and all its embeds) costs PostgreSQL more than running it
 * (docs/operations.md "Performance"). The texts are Kysely's compiled, parameterised queries, a
 * bounded set of shapes; still, a connection prepares at most `maxPerConnection` of them and sends
 * any further text unnamed.
 *
 * A statement prepared before a schema change can be refused ("cached plan must not change result
 * type", SQLSTATE 0A000: e.g. a migration run by a newer process added a column to a `t.*` read).
 * The read is then sent again unnamed and that connection prepares nothing more. Writes and every
 * statement of a transaction stay unnamed: a refusal there would abort the transaction.
 */
import crypto from "node:crypto";
import type pg from "pg";

const maxPerConnection = 500;

/** The statement names of one connection. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private stopped = false;

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameFor(text: string, inTransaction: boolean): string | undefined {
    if (inTransaction || this.stopped || !/^\s*select\b/i.test(text)) return undefined;
    const known = this.names.get(text);
    if (known || this.names.size >= maxPerConnection) return known;
    const name = `q${crypto.createHash("sha1").update(text).digest("base64url")}`;
    this.names.set(text, name);
    return name;
  }

  /** Whether `error` refused a prepared statement after a schema change; if so, name nothing more. */
  stale(error: unknown): boolean {
    const refused = (error as { code?: string } | null)?.code === "0A000";
    if (refused) this.stopped = true;
    return refused;
  }
}

const patched = new WeakSet<pg.PoolClient>();

/** Make a pooled PostgreSQL connection's reads prepared statements (once per connection). */
export function prepareReads(client: pg.PoolClient): void {
  if (patched.has(client)) return;
  patched.add(client);
  const names = new StatementNames();
  let inTransaction = false;
  const original = client.query;
  const send = (config: pg.QueryConfig) => (original as (config: pg.QueryConfig) => Promise<pg.QueryResult>).call(client, config);
  // Kysely sends every statement, BEGIN and COMMIT included, as query(text, values)
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values)) return (original as (...a: unknown[]) => unknown).apply(this, args);
    if (/^\s*(begin|start)\b/i.test(text)) inTransaction = true;
    else if (/^\s*(commit|rollback|end)\b/i.test(text)) inTransaction = false;
    const name = names.nameFor(text, inTransaction);
    if (!name) return send({ text, values });
    return send({ name, text, values }).catch((error: unknown) => {
      if (!names.stale(error)) throw error;
      return send({ text, values });
    });
  } as typeof client.query;
}
