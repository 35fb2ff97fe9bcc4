/**
 * Server-issued numbers never repeat (src/server/domain/ledger/numbers.ts: a counter row per company and
 * kind, unique indexes behind it), NACHA file headers differ by their File ID Modifier, and a NACHA
 * return is applied only to the payment it names.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money } from "../../src/framework/money.js";
import { payableFixture, type PayableFixture } from "../bench/payables-fixture.js";
import { useApp } from "./harness.js";

const h = useApp();
let tags = 0;

async function acme() {
  return h.companyId("Acme Corp");
}

async function post(url: string, payload?: object | string, email = "admin@acme.test", extra: Record<string, string> = {}) {
  return h.app.inject({ method: "POST", url, headers: { ...(await h.login(email)), ...extra }, ...(payload !== undefined ? { payload } : {}) });
}
const get = async (url: string) => h.app.inject({ url, headers: await h.login("admin@acme.test") });

const payables = async (): Promise<PayableFixture> => payableFixture(h.database.db, await acme(), { vendors: 1, perVendor: 1, tag: `NUM${process.pid}-${++tags}` });

/** A run of the fixture's invoices, created, approved and processed: its number, payments and NACHA file. */
async function processedRun(fixture: PayableFixture) {
  const created = await post("/api/payment_runs", { payment_date: earliestPaymentDate(), items: fixture.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) });
  expect(created.statusCode, created.body).toBe(201);
  const run = created.json().data as { id: number; number: string };
  expect((await post(`/api/payment_runs/${run.id}/submit`)).statusCode).toBe(200);
  const approvals = (await get(`/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as { id: number }[];
  expect((await post(`/api/approvals/${approvals[0].id}/approve`, undefined, "approver@acme.test")).statusCode).toBe(200);
  const processed = await post(`/api/payment_runs/${run.id}/process`);
  expect(processed.statusCode, processed.body).toBe(200);
  const db = h.database.db;
  const payments = await db.selectFrom("payments").select(["id", "payment_number", "trace_number"]).where("payment_run_id", "=", run.id).orderBy("id").execute();
  const batches = await db.selectFrom("payment_run_batches").select("batch_number").where("payment_run_id", "=", run.id).execute();
  const [file] = (await get(`/api/nacha_payments?payment_run_id=${run.id}`)).json().data as { id: number; number: string; file_name: string }[];
  const content = (await get(`/api/nacha_payments/${file.id}/file`)).body;
  return { run, payments, batches, file, content, header: content.split("\n")[0] };
}

describe("numbers", () => {
  it("3 runs in a row: 3 run, batch, payment and NACHA file numbers, file names and file headers, all different", async () => {
    const runs: Awaited<ReturnType<typeof processedRun>>[] = [];
    for (let n = 0; n < 3; n++) runs.push(await processedRun(await payables()));
    const distinct = (values: unknown[]) => new Set(values).size;
    expect(distinct(runs.map((r) => r.run.number))).toBe(3);
    expect(distinct(runs.flatMap((r) => r.batches.map((b) => b.batch_number)))).toBe(3);
    expect(distinct(runs.flatMap((r) => r.payments.map((p) => p.payment_number)))).toBe(3);
    expect(distinct(runs.flatMap((r) => r.payments.map((p) => p.trace_number)))).toBe(3);
    expect(distinct(runs.map((r) => r.file.number))).toBe(3);
    expect(distinct(runs.map((r) => r.file.file_name))).toBe(3);
    expect(distinct(runs.map((r) => r.header))).toBe(3);
    // the same originating company on the same day: the File ID Modifier (position 34) tells the files apart
    const origin = (header: string) => header.slice(13, 23) + header.slice(23, 29);
    expect(distinct(runs.map((r) => origin(r.header)))).toBe(1);
    expect(distinct(runs.map((r) => r.header[33]))).toBe(3);
    for (const r of runs) expect(r.header[33]).toMatch(/^[A-Z0-9]$/);
    // consecutive, one above the other
    const n = (number: string) => Number(number.split("-")[1]);
    expect(runs.map((r) => n(r.run.number) - n(runs[0].run.number))).toEqual([0, 1, 2]);
  });

  it("start above the seeded numbers, and concurrent runs never share one", async () => {
    const db = h.database.db;
    const company = await acme();
    const seeded = await db.selectFrom("payment_runs").select("number").where("company_id", "=", company).execute();
    const highest = Math.max(...seeded.map((r) => Number(/^PR-(\d+)$/.exec(String(r.number))?.[1] ?? 0)));
    const fixtures = await Promise.all(Array.from({ length: 5 }, () => payables()));
    const headers = await h.login("admin@acme.test");
    const created = await Promise.all(fixtures.map((f) => h.app.inject({
      method: "POST", url: "/api/payment_runs", headers, payload: { payment_date: earliestPaymentDate(), items: f.invoices.map((i) => ({ invoice_id: i.id, amount: i.amount })) },
    })));
    expect(created.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const numbers = created.map((r) => String(r.json().data.number));
    expect(new Set(numbers).size).toBe(5);
    for (const number of numbers) expect(Number(number.slice(3))).toBeGreaterThan(highest);
  });

  it("the database refuses a repeated number (unique per company)", async () => {
    const db = h.database.db;
    const company = await acme();
    const existing = await db.selectFrom("payment_runs").select(["number", "payment_date", "currency_code"]).where("company_id", "=", company).executeTakeFirstOrThrow();
    await expect(db.insertInto("payment_runs").values({ company_id: company, number: existing.number, payment_date: existing.payment_date, currency_code: existing.currency_code, status: "NEW" }).execute())
      .rejects.toThrow(/payment_runs_number_key/);
  });
});

/** A record of 94 characters from [position, text] pairs (1-based positions). */
function record(parts: [number, string][]): string {
  const line = Array(94).fill(" ");
  for (const [at, text] of parts) for (let i = 0; i < text.length; i++) line[at - 1 + i] = text[i];
  return line.join("");
}
const returnAddenda = (code: string, trace: string) => record([[1, "7"], [2, "99"], [4, code], [7, trace]]);

describe("NACHA returns", () => {
  async function invoiceOf(id: number) {
    const row = await h.database.db.selectFrom("invoices").select(["status", "payments_sum", "balance_outstanding"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { status: row.status, payments_sum: money(String(row.payments_sum)).toFixed(2), balance_outstanding: money(String(row.balance_outstanding)).toFixed(2) };
  }
  const paymentOf = async (id: number) => (await h.database.db.selectFrom("payments").select(["status", "return_code"]).where("id", "=", id).executeTakeFirstOrThrow());

  it("a return is applied to the payment it names, and its invoice goes back to unpaid; the other runs' payments are untouched", async () => {
    const [a, b] = [await payables(), await payables()];
    const first = await processedRun(a);
    const second = await processedRun(b);
    expect((await invoiceOf(b.invoices[0].id)).status).toBe("PAID");
    const entry = second.content.split("\n").find((l) => l.startsWith("6"))!;
    const trace = entry.slice(79, 94);
    const response = await post("/api/nacha_payments/returns", [entry, returnAddenda("R01", trace)].join("\n"), "ap@acme.test", { "content-type": "text/plain" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.entries).toEqual([expect.objectContaining({ result: "failed", payment_id: second.payments[0].id, payment_number: second.payments[0].payment_number })]);
    expect(await paymentOf(second.payments[0].id as number)).toEqual({ status: "FAILED", return_code: "R01" });
    expect(await invoiceOf(b.invoices[0].id)).toEqual({ status: "APPROVED", payments_sum: "0.00", balance_outstanding: money(b.invoices[0].amount).toFixed(2) });
    expect(await paymentOf(first.payments[0].id as number)).toEqual({ status: "PROCESSING", return_code: null });
    expect((await invoiceOf(a.invoices[0].id)).status).toBe("PAID");
  });

  it("a return naming no known payment, or a payment number with another payment's trace number, is unmatched and changes nothing", async () => {
    const [a, b] = [await payables(), await payables()];
    const first = await processedRun(a);
    const second = await processedRun(b);
    const entryOf = (content: string) => content.split("\n").find((l) => l.startsWith("6"))!;
    const firstEntry = entryOf(first.content);
    const unknown = `${firstEntry.slice(0, 39)}${"PAY-99999999".padEnd(15)}${firstEntry.slice(54)}`;
    // the first run's payment number, the second's trace number
    const crossed = returnAddenda("R02", entryOf(second.content).slice(79, 94));
    const noNumber = `${firstEntry.slice(0, 39)}${" ".repeat(15)}${firstEntry.slice(54, 79)}${"0".repeat(15)}`;
    const text = [unknown, returnAddenda("R01", "999999999999999"), firstEntry, crossed, noNumber, returnAddenda("R03", "")].join("\n");
    const response = await post("/api/nacha_payments/returns", text, "ap@acme.test", { "content-type": "text/plain" });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data.entries as { result: string; payment_id: number | null; message: string }[];
    expect(entries.map((e) => [e.result, e.payment_id])).toEqual([["unmatched", null], ["unmatched", null], ["unmatched", null]]);
    expect(entries[0].message).toContain("PAY-99999999");
    expect(entries[1].message).toContain("trace number");
    for (const run of [first, second]) expect((await paymentOf(run.payments[0].id as number)).status).toBe("PROCESSING");
    for (const fixture of [a, b]) expect((await invoiceOf(fixture.invoices[0].id)).status).toBe("PAID");
  });
});
