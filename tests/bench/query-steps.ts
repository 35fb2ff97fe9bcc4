/**
 * `--steps`: the time PostgreSQL took per kind of statement (node-postgres' `query` timed, statements
 * grouped by their first words and table), so a bench shows where its time goes. Bench-only: it wraps
 * pg.Client's query for the process.
 */
import pg from "pg";

const totals = new Map<string, { ms: number; count: number }>();

/** The statement's kind: its verb and its first table ("insert into activities", "select … from vendors"). */
function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim().toLowerCase();
  const verb = flat.split(" ")[0];
  const table = /(?:into|update|from) "?([a-z_]+)"?/.exec(flat)?.[1] ?? "";
  return `${verb} ${table}`.trim();
}

export function timeQueries(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? "");
    const started = performance.now();
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      void result.finally(() => {
        const total = totals.get(kindOf(text)) ?? { ms: 0, count: 0 };
        totals.set(kindOf(text), { ms: total.ms + performance.now() - started, count: total.count + 1 });
      }).catch(() => {});
    }
    return result;
  } as typeof pg.Client.prototype.query;
}

/** The statements' times since the last call, slowest first, then cleared. */
export function queryReport(): string[] {
  const lines = [...totals].sort((a, b) => b[1].ms - a[1].ms).filter(([, t]) => t.ms >= 20)
    .map(([kind, t]) => `${(t.ms / 1000).toFixed(2)} s  ${String(t.count).padStart(5)} × ${kind}`);
  totals.clear();
  return lines;
}
