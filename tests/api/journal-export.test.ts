/**
 * Journal export (issue 31 item 9, docs/ledger.md "Journal export"): a posting period's journal as CSV
 * and xlsx in a generic layout and the import layouts of QuickBooks Online, Xero and NetSuite — each
 * layout's columns checked one by one against its documented set, debits equal to credits per entry and
 * per file — from the period's page and as a scheduled report.
 */
import dayjs from "dayjs";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { money } from "../../src/framework/money.js";
import { useApp } from "./harness.js";

const h = useApp();

/** Sum of debits = sum of credits, for every entry of every company's journal. */
afterEach(async () => {
  const unbalanced = await h.database.db.selectFrom("account_transactions").select(["company_id", "entry_number"])
    .groupBy(["company_id", "entry_number"]).having((eb) => eb(eb.fn.sum("debit_amount"), "<>", eb.fn.sum("credit_amount"))).execute();
  expect(unbalanced).toEqual([]);
});

async function call(email: string, method: "GET" | "POST", url: string, payload?: object) {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
}

/** Last month: the demo has posted into it (invoices approved, payments sent). */
const lastMonth = dayjs().startOf("month").subtract(1, "month");

async function period(): Promise<{ id: number; name: string }> {
  const listed = await call("admin@acme.test", "GET", `/api/posting_periods?start_date=${lastMonth.format("YYYY-MM-DD")}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().data[0];
}

/** The period's journal lines as stored. */
async function storedLines(periodId: number) {
  return h.database.db.selectFrom("account_transactions as t").innerJoin("accounts as a", "a.id", "t.account_id")
    .select(["t.entry_number", "t.debit_amount", "t.credit_amount", "a.number", "a.name"]).where("t.posting_period_id", "=", periodId).execute();
}

const parse = (body: string) => Papa.parse<Record<string, string>>(body.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });

/** sum of debits and credits per key, and of the whole file */
function totals(rows: readonly Record<string, string>[], key: (r: Record<string, string>) => string, debit: (r: Record<string, string>) => string, credit: (r: Record<string, string>) => string) {
  const byKey = new Map<string, { debit: string; credit: string }>();
  for (const row of rows) {
    const own = byKey.get(key(row)) ?? { debit: "0.00", credit: "0.00" };
    byKey.set(key(row), { debit: money(own.debit).plus(debit(row) || 0).toFixed(2), credit: money(own.credit).plus(credit(row) || 0).toFixed(2) });
  }
  const file = [...byKey.values()].reduce((t, v) => ({ debit: money(t.debit).plus(v.debit).toFixed(2), credit: money(t.credit).plus(v.credit).toFixed(2) }), { debit: "0.00", credit: "0.00" });
  return { byKey, file };
}

function expectBalanced(result: ReturnType<typeof totals>) {
  expect(result.byKey.size).toBeGreaterThan(0);
  for (const [key, { debit, credit }] of result.byKey) expect(debit, key).toBe(credit);
  expect(result.file.debit).toBe(result.file.credit);
  expect(money(result.file.debit).gt(0)).toBe(true);
}

describe("journal export of a posting period", () => {
  it("generic CSV: every line of the period, balanced per entry and per file, equal to the stored journal", async () => {
    const { id, name } = await period();
    const response = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/journal.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const { data, meta } = parse(response.body);
    expect(meta.fields).toEqual(["Entry Number", "Date", "Posting Period", "Prior Period", "Account Number", "Account Name", "Description", "Debit", "Credit", "Currency", "Source", "Original Amount", "Original Currency"]);
    const stored = await storedLines(id);
    expect(data).toHaveLength(stored.length);
    expect(new Set(data.map((r) => r["Posting Period"]))).toEqual(new Set([name]));
    expect(new Set(data.map((r) => r.Currency))).toEqual(new Set(["USD"]));
    const result = totals(data, (r) => r["Entry Number"], (r) => r.Debit, (r) => r.Credit);
    expectBalanced(result);
    const storedDebits = stored.reduce((t, l) => t.plus(String(l.debit_amount)), money(0)).toFixed(2);
    expect(result.file.debit).toBe(storedDebits);
  });

  it("QuickBooks Online: the journal-entry import columns one by one, dates in the company's format, one side per line", async () => {
    const { id } = await period();
    const response = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/quickbooks.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = parse(response.body);
    const documented = ["JournalNo", "JournalDate", "Currency", "Memo", "AccountName", "Debits", "Credits", "Description", "Name", "Location", "Class"];
    expect(meta.fields).toHaveLength(documented.length);
    documented.forEach((column, i) => expect(meta.fields?.[i], `column ${i + 1}`).toBe(column));
    const accounts = new Set((await storedLines(id)).map((l) => String(l.name)));
    for (const row of data) {
      expect(row.JournalDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(row.JournalDate.slice(0, 2)).toBe(lastMonth.format("MM"));
      expect(row.Currency).toBe("USD");
      expect(accounts.has(row.AccountName), row.AccountName).toBe(true);
      expect([row.Debits, row.Credits].filter((v) => v !== "")).toHaveLength(1);
    }
    expectBalanced(totals(data, (r) => r.JournalNo, (r) => r.Debits, (r) => r.Credits));
  });

  it("Xero: the manual-journal import columns one by one, dd/mm/yyyy, Amount signed (debit +, credit −) summing to zero per journal", async () => {
    const { id } = await period();
    const response = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/xero.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = parse(response.body);
    const documented = ["Narration", "Date", "Description", "AccountCode", "TaxRate", "Amount", "TrackingName1", "TrackingOption1", "TrackingName2", "TrackingOption2"];
    expect(meta.fields).toHaveLength(documented.length);
    documented.forEach((column, i) => expect(meta.fields?.[i], `column ${i + 1}`).toBe(column));
    const codes = new Set((await storedLines(id)).map((l) => String(l.number)));
    for (const row of data) {
      expect(row.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(row.Date.slice(3, 5)).toBe(lastMonth.format("MM"));
      expect(codes.has(row.AccountCode), row.AccountCode).toBe(true);
      expect(row.Narration.length).toBeGreaterThan(0);
      expect(row.TaxRate).toBe("Tax Exempt");
    }
    // a Xero journal is the lines sharing Narration and Date
    const result = totals(data, (r) => `${r.Narration}|${r.Date}`, (r) => (money(r.Amount).isPositive() ? r.Amount : "0"), (r) => (money(r.Amount).isNegative() ? money(r.Amount).negated().toFixed(2) : "0"));
    expectBalanced(result);
    const sum = data.reduce((t, r) => t.plus(r.Amount), money(0));
    expect(sum.toFixed(2)).toBe("0.00");
  });

  it("NetSuite: the journal-entry import columns, balanced per External ID", async () => {
    const { id, name } = await period();
    const response = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/netsuite.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = parse(response.body);
    expect(meta.fields).toEqual(["External ID", "Date", "Posting Period", "Currency", "Memo", "Account", "Debit", "Credit", "Line Memo", "Name", "Department", "Class", "Location"]);
    expect(new Set(data.map((r) => r["Posting Period"]))).toEqual(new Set([name]));
    expectBalanced(totals(data, (r) => r["External ID"], (r) => r.Debit, (r) => r.Credit));
  });

  it("xlsx: the same lines in a workbook, amounts as numbers, balanced per entry and per file", async () => {
    const { id } = await period();
    const response = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/journal.xlsx?layout=quickbooks`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Journal")!;
    const rows: Record<string, string>[] = [];
    const head = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(head).toEqual(["JournalNo", "JournalDate", "Currency", "Memo", "AccountName", "Debits", "Credits", "Description", "Name", "Location", "Class"]);
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(head.map((k, i) => [k, values[i] === undefined || values[i] === null ? "" : typeof values[i] === "number" ? (values[i] as number).toFixed(2) : String(values[i])])));
    });
    expect(rows).toHaveLength((await storedLines(id)).length);
    expectBalanced(totals(rows, (r) => r.JournalNo, (r) => r.Debits, (r) => r.Credits));
  });

  it("refusals: an unknown layout is 422, a user without the journal keys 403, another company's period 404", async () => {
    const { id } = await period();
    const bad = await call("admin@acme.test", "GET", `/api/posting_periods/${id}/journal.csv?layout=sage`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.layout).toEqual(["must be one of generic, quickbooks, xero, netsuite"]);
    expect((await call("ap@acme.test", "GET", `/api/posting_periods/${id}/xero.csv`)).statusCode).toBe(403);
    const globex = await h.companyId("Globex Ltd");
    const other = await h.app.inject({ method: "GET", url: `/api/posting_periods/${id}/xero.csv`, headers: await h.login("admin@globex.test", globex) });
    expect(other.statusCode).toBe(404);
  });

  it("as a scheduled report: the journal of last month in the QuickBooks layout, balanced", async () => {
    const created = await call("admin@acme.test", "POST", "/api/reports", { name: "GL for QuickBooks", template: "journal_quickbooks", export_format: "csv", date_range: "previous_month" });
    expect(created.statusCode, created.body).toBe(201);
    const reportId = created.json().data.id as number;
    await call("admin@acme.test", "POST", `/api/reports/${reportId}/activate`);
    const ran = await call("admin@acme.test", "POST", `/api/reports/${reportId}/run`, {});
    expect(ran.statusCode, ran.body).toBe(200);
    const document = await h.database.db.selectFrom("documents").select("id").where("assetable_type", "=", "Report").where("assetable_id", "=", reportId).executeTakeFirstOrThrow();
    const file = await call("admin@acme.test", "GET", `/api/documents/${document.id}/file`);
    expect(file.statusCode).toBe(200);
    const { data, meta } = parse(file.rawPayload.toString("utf8"));
    expect(meta.fields?.slice(0, 3)).toEqual(["JournalNo", "JournalDate", "Currency"]);
    const { id } = await period();
    expect(data).toHaveLength((await storedLines(id)).length);
    expectBalanced(totals(data, (r) => r.JournalNo, (r) => r.Debits, (r) => r.Credits));
  });
});
