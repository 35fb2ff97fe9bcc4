/**
 * `--steps`: where a bench's time goes, in figures the load of a shared machine distorts less than wall
 * time: the time PostgreSQL took per kind of statement (node-postgres' `query` timed, statements grouped
 * by verb and first table), and the CPU seconds of this process and of the database's backends (read from
 * /proc: PostgreSQL on this machine). On a quiet 2-core machine the import's wall time is about the sum of
 * the two CPU figures (the process waits on the database and the other way round). Bench-only: it wraps
 * pg.Client's query for the process.
 */
import fs from "node:fs";
import pg from "pg";

const totals = new Map<string, { ms: number; count: number }>();

/** The statement's kind: its verb and its first table ("insert activities", "select vendors"). */
function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim().toLowerCase();
  const table = /(?:into|update|from) "?([a-z_]+)"?/.exec(flat)?.[1] ?? "";
  return `${flat.split(" ")[0]} ${table}`.trim();
}

function record(text: string, ms: number): void {
  const total = totals.get(kindOf(text)) ?? { ms: 0, count: 0 };
  totals.set(kindOf(text), { ms: total.ms + ms, count: total.count + 1 });
}

export function timeQueries(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? "");
    const started = performance.now();
    const result = query.apply(this, args);
    if (result instanceof Promise) void result.then(() => record(text, performance.now() - started), () => record(text, performance.now() - started));
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

const ticks = 100; // USER_HZ on Linux

/** user + system CPU seconds of a local process (0 once it has ended). */
function cpuOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}

/** CPU seconds of this process and of `database`'s backends from now: `sample()` while it runs (backends come and go), `report()` at the end. */
export function cpuMeter(client: pg.Client, database: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const ownStart = process.cpuUsage();
  let started = false;
  async function sample(): Promise<void> {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
    for (const { pid } of rows) {
      const cpu = cpuOf(pid);
      // a backend that started since: all of its time
      if (!first.has(pid)) first.set(pid, started ? 0 : cpu);
      last.set(pid, Math.max(cpu, last.get(pid) ?? 0));
    }
    started = true;
  }
  return {
    sample,
    async report(): Promise<string> {
      await sample();
      const backends = [...last].reduce((sum, [pid, cpu]) => sum + cpu - first.get(pid)!, 0);
      const own = process.cpuUsage(ownStart);
      return `CPU: this process ${((own.user + own.system) / 1e6).toFixed(2)} s, PostgreSQL backends ${backends.toFixed(2)} s`;
    },
  };
}
