/**
 * The scheduled run of recurring-invoice templates (src/server/domain/payables/recurring-invoice-run.ts): a
 * template due today yields exactly one invoice and next_date advances by its frequency, even when
 * several runners run at once — on PostgreSQL from two connection pools on one database, as two
 * server processes (PGlite is one process by design); and scheduled by cron on the job runner of
 * each process (pg-boss: the schedule is one, its tick sent once cluster-wide).
 */
import dayjs from "dayjs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database, untyped } from "../../src/server/db/connect.js";
import { followingDate, runRecurringInvoices } from "../../src/server/domain/payables/recurring-invoice-run.js";
import { recurringInvoicesJob } from "../../src/server/jobs/start.js";
import { startTestJobs } from "../support/jobs.js";
import { useApp } from "./harness.js";
import { databaseUrl, usePostgres } from "./template.js";

const h = useApp();

/** The second server process's connections to the same database (on PGlite, the one connection). */
let second: Database | undefined;
beforeAll(async () => {
  if (!usePostgres) return;
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(h.database.db)).rows[0]!.name;
  second = await connect({ databaseUrl: databaseUrl(name), poolSize: 4 });
});
afterAll(async () => { await second?.close(); });
const processes = () => [h.database.db, (second ?? h.database).db];

async function template(values: Record<string, unknown>) {
  const companyId = await h.companyId("Acme Corp");
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
  const row = await untyped(h.database.db).insertInto("recurring_invoices").values({
    company_id: companyId, vendor_id: vendor.id, amount: "250.00", currency_code: "USD", frequency: "monthly", due_days: 10, status: "ACTIVE", ...values,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id as number;
}

const invoicesNumbered = (prefix: string) => h.database.db.selectFrom("invoices").select(["number", "date", "due_date", "amount", "status"])
  .where("number", "like", `${prefix}-%`).orderBy("date").execute();
const nextDate = async (id: number) => (await h.database.db.selectFrom("recurring_invoices").select("next_date").where("id", "=", id).executeTakeFirstOrThrow()).next_date;

describe("recurring invoice run", () => {
  it("a template due today yields exactly one invoice with four runners in two processes at once, and next_date advances a month", async () => {
    const prefix = `RUN${process.pid}`;
    const id = await template({ number_prefix: prefix, start_date: "2026-01-31", next_date: "2026-03-31" });
    const runs = await Promise.all(Array.from({ length: 4 }, (_, n) => runRecurringInvoices(processes()[n % 2]!, "2026-03-31")));
    // no invoice is issued by two runners
    expect(new Set(runs.flat()).size).toBe(runs.flat().length);
    expect(await invoicesNumbered(prefix)).toEqual([{ number: `${prefix}-2026-03-31`, date: "2026-03-31", due_date: "2026-04-10", amount: "250.00", status: "NEW" }]);
    // counted from the start date: the 31st stays on the month end
    expect(await nextDate(id)).toBe("2026-04-30");
    // run again the same day: nothing more is due
    await runRecurringInvoices(h.database.db, "2026-03-31");
    expect(await invoicesNumbered(prefix)).toHaveLength(1);
    const invoice = await h.database.db.selectFrom("invoices").select("id").where("number", "=", `${prefix}-2026-03-31`).executeTakeFirstOrThrow();
    const audit = await h.database.db.selectFrom("activities").select("item_id").where("item_type", "=", "invoices").where("event", "=", "create")
      .where("item_id", "=", invoice.id).execute();
    expect(audit).toHaveLength(1);
  });

  it("a template behind catches up one invoice per period and stops after its end date; a future or inactive one yields none", async () => {
    const prefix = `LATE${process.pid}`;
    const late = await template({ number_prefix: prefix, frequency: "quarterly", start_date: "2025-07-15", next_date: "2025-10-15", end_date: "2026-04-15" });
    const future = await template({ number_prefix: `FUT${process.pid}`, start_date: "2026-05-01", next_date: "2026-07-01" });
    const inactive = await template({ number_prefix: `OFF${process.pid}`, start_date: "2026-01-01", next_date: "2026-01-01", status: "INACTIVE" });
    await Promise.all(processes().map((db) => runRecurringInvoices(db, "2026-06-01")));
    expect((await invoicesNumbered(prefix)).map((i) => i.date)).toEqual(["2025-10-15", "2026-01-15", "2026-04-15"]);
    expect(await nextDate(late)).toBeNull();
    expect(await invoicesNumbered(`FUT${process.pid}`)).toHaveLength(0);
    expect(await nextDate(future)).toBe("2026-07-01");
    expect(await invoicesNumbered(`OFF${process.pid}`)).toHaveLength(0);
    expect(await nextDate(inactive)).toBe("2026-01-01");
  });

  it("scheduled every second on the job runner of each of two processes, a template due today yields exactly one invoice", async () => {
    const prefix = `CRON${process.pid}`;
    const today = dayjs().format("YYYY-MM-DD");
    const id = await template({ number_prefix: prefix, start_date: today, next_date: today });
    const runners = [];
    for (const database of second ? [h.database, second] : [h.database]) runners.push(await startTestJobs(database, { recurringCron: "* * * * * *" }));
    try {
      const poll = { timeout: 20_000, interval: 100 };
      await expect.poll(async () => (await invoicesNumbered(prefix)).length, poll).toBeGreaterThan(0);
      // every run queued so far has finished: no second invoice is on its way
      await expect.poll(async () => (await untyped(h.database.db).selectFrom("job_list").select("state").where("name", "=", recurringInvoicesJob)
        .where("state", "in", ["created", "active", "retry"]).execute()).length, poll).toBe(0);
      expect(await invoicesNumbered(prefix)).toEqual([expect.objectContaining({ number: `${prefix}-${today}`, date: today, status: "NEW" })]);
      expect(await nextDate(id)).toBe(dayjs(today).add(1, "month").format("YYYY-MM-DD"));
      if (usePostgres) {
        const schedules = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.schedule WHERE name = ${recurringInvoicesJob}`.execute(h.database.db);
        expect(schedules.rows[0]!.n).toBe(1);
      }
    } finally {
      for (const runner of runners) await runner.stop();
    }
  });

  it("the schedule counts from the start date", () => {
    expect(followingDate("2026-01-31", "2026-02-28", "monthly")).toBe("2026-03-31");
    expect(followingDate("2025-11-30", "2025-11-30", "quarterly")).toBe("2026-02-28");
    expect(followingDate("2024-02-29", "2024-02-29", "yearly")).toBe("2025-02-28");
  });
});
