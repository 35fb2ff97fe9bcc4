/**
 * List exports on the server (GET /api/{resource}/export): every matching row (past the page and
 * count caps), the list's filters and sort, CSV cells a spreadsheet would run neutralised, xlsx read
 * back by an independent reader (Python's openpyxl), and the refusals: a role without the list, a
 * stranger, another company's rows, a column or format the list does not have.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { insertRows } from "../../src/server/db/bulk.js";
import { useApp } from "./harness.js";

const h = useApp();
let acme = 0;
const formula = `=HYPERLINK("http://evil.test")`;
const bulk = 10_500;

const exportAs = async (email: string, query: string) =>
  h.app.inject({ method: "GET", url: `/api/invoices/export?${query}`, headers: await h.login(email) });
const csvRows = (body: string) => Papa.parse<string[]>(body, { skipEmptyLines: true }).data;
const count = async (companyId: number) =>
  Number((await h.database.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", companyId).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  const model = await h.database.db.selectFrom("invoices").selectAll().where("company_id", "=", acme).orderBy("id").executeTakeFirstOrThrow() as Record<string, unknown>;
  // the model's own columns, but not its id, its arrays (the bulk writer takes scalars) nor its generated columns
  const generated = ["amount_in_functional", "normalized_number"];
  const fields = Object.fromEntries(Object.entries(model).filter(([key, value]) => key !== "id" && !generated.includes(key) && !Array.isArray(value)));
  const rows = Array.from({ length: bulk }, (_, n) => ({ ...fields, number: n === 0 ? formula : `EXP-${String(n).padStart(5, "0")}`, amount: `${n}.25`, date: "2026-10-31" }));
  for (let start = 0; start < rows.length; start += 2000) await insertRows(h.database.db, "invoices", rows.slice(start, start + 2000), []);
}, 120_000);

describe("CSV", () => {
  it("holds every row of the company, past the list's page and count caps, named after the list", async () => {
    const response = await exportAs("ap@acme.test", `_format=csv&_fields=number,vendor.name,date,amount,status&_name=${encodeURIComponent("Invoices")}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain(`filename="Invoices.csv"`);
    expect(response.body.startsWith("\uFEFFNumber,Vendor,Date,Amount,Status\r\n")).toBe(true);
    expect(response.body).not.toContain("\r\n\r\n");
    const [head, ...rows] = csvRows(response.body);
    expect(head).toEqual(["Number", "Vendor", "Date", "Amount", "Status"]);
    expect(rows.length).toBe(await count(acme));
    expect(rows.length).toBeGreaterThan(10_000);
    expect(Number(response.headers["x-total-count"])).toBe(rows.length);
    const sample = rows.find((row) => row[0] === "EXP-00007")!;
    expect(sample[1], "the vendor's name, not its id").toMatch(/[A-Za-z]/);
    expect(sample.slice(2)).toEqual(["10/31/2026", "7.25", expect.any(String)]);
    expect(sample[4], "the status's label").not.toMatch(/^[A-Z_]+$/);
    expect(rows.some((row) => row[0] === `'${formula}`), "the formula is neutralised").toBe(true);
    expect(rows.some((row) => row[0] === formula)).toBe(false);
  });

  it("follows the list's filters and sort", async () => {
    const response = await exportAs("ap@acme.test", "_fields=number,amount&number_like=EXP-0&amount_gte=100&_sort=amount&_order=asc");
    const [, ...rows] = csvRows(response.body);
    expect(rows.length).toBe(9_999 - 99);
    expect(rows[0]).toEqual(["EXP-00100", "100.25"]);
    expect(rows.at(-1)).toEqual(["EXP-09999", "9999.25"]);
    const amounts = rows.map((row) => Number(row[1]));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it("holds no row of another company", async () => {
    const response = await exportAs("admin@globex.test", "_fields=number");
    const numbers = csvRows(response.body).slice(1).map((row) => row[0]);
    expect(numbers.length).toBe(await count(await h.companyId("Globex Ltd")));
    expect(numbers.some((n) => n.startsWith("EXP-"))).toBe(false);
  });
});

describe("xlsx", () => {
  it("is a workbook an independent reader opens: every row, amounts as numbers, dates as dates", async () => {
    const response = await exportAs("ap@acme.test", "_format=xlsx&_fields=number,date,amount&number_like=EXP-&_name=Invoices");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain(`filename="Invoices.xlsx"`);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "outlay-export-")), "invoices.xlsx");
    fs.writeFileSync(file, response.rawPayload);
    const read = execFileSync("/usr/bin/python3", ["-c", `
import json, sys, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0]
rows = list(sheet.iter_rows(values_only=True))
seven = next(r for r in rows if r[0] == "EXP-00007")
print(json.dumps({"title": sheet.title, "head": list(rows[0]), "rows": len(rows) - 1, "amount": seven[2], "amount_type": type(seven[2]).__name__, "date": seven[1].strftime("%Y-%m-%d"), "total": sum(r[2] for r in rows[1:])}))
`, file], { encoding: "utf8" });
    const workbook = JSON.parse(read) as Record<string, unknown>;
    expect(workbook).toMatchObject({ title: "Invoices", head: ["Number", "Date", "Amount"], rows: bulk - 1, amount: 7.25, amount_type: "float", date: "2026-10-31" });
    // 1.25 + 2.25 + … + 10499.25
    expect(workbook.total).toBeCloseTo((bulk - 1) * bulk / 2 + 0.25 * (bulk - 1), 2);
  });
});

describe("refusals", () => {
  it("a role without the invoice list, a vendor and a stranger get nothing", async () => {
    expect((await exportAs("vendor@northwind.test", "_fields=number")).statusCode).toBe(403);
    expect((await h.app.inject({ method: "GET", url: "/api/invoices/export" })).statusCode).toBe(401);
  });

  it("a column the list does not have, a format it does not write and a bad filter are refused before any byte", async () => {
    const unknownColumn = await exportAs("ap@acme.test", "_fields=number,password_digest");
    expect(unknownColumn.statusCode).toBe(422);
    expect(unknownColumn.json().errors._fields[0]).toContain("password_digest");
    const format = await exportAs("ap@acme.test", "_format=exe");
    expect(format.statusCode).toBe(422);
    expect(format.json().errors._format).toEqual(["must be one of csv, xlsx"]);
    expect((await exportAs("ap@acme.test", "no_such_field=1")).statusCode).toBe(400);
  });
});
