/**
 * CSV and PDF export of the invoice list in Chromium (data spec, general list behaviour): the files
 * are downloaded and read back — the CSV with papaparse (header row, rows, dates MM/DD/YYYY even for
 * a DD/MM/YYYY company, a formula-looking cell neutralised), the PDF's text (row values, "page 1 of N").
 */
import fs from "node:fs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, type Api } from "./api.js";
import { cspViolations, login, newPage, useBrowser } from "./browser.js";

const { browser } = useBrowser();
const number = `=HYPERLINK("x")-${Date.now()}`;

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

describe("invoice list export", () => {
  let page: Page;
  let api: Api;

  beforeAll(async () => {
    // Globex shows dates DD/MM/YYYY; exports must still say MM/DD/YYYY
    api = await apiAs("admin@globex.test");
    const vendor = (await api.get<{ data: { id: number }[] }>("/api/vendors?_end=1")).body.data[0];
    const created = await api.post("/api/invoices", { number, vendor_id: vendor.id, date: "2026-11-02", due_date: "2026-12-02", amount: "1234.50", currency_code: "EUR" });
    expect(created.status).toBe(201);
    page = await newPage(browser());
    await login(page, "admin@globex.test", "/invoices");
    await page.locator(".ant-table-row").nth(10).waitFor();
  });

  it("exports the rows as CSV", async () => {
    const { name, bytes } = await download(page, "Export CSV");
    expect(name).toBe("Invoices.csv");
    const { data } = Papa.parse<string[]>(bytes.toString("utf8"), { skipEmptyLines: true });
    const [head, ...rows] = data;
    expect(head).toEqual(["Number", "Vendor", "Date", "Due Date", "Due Status", "Amount", "Balance", "Status"]);
    const total = (await api.get<{ meta: { total: number } }>("/api/invoices?_end=0")).body.meta.total;
    expect(rows.length).toBe(total);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(row[2], row.join(",")).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const ours = rows.find((row) => row[0] === `'${number}`);
    expect(ours, "the formula-looking number is prefixed with a quote").toBeDefined();
    expect(ours![2]).toBe("11/02/2026");
    expect(ours![3]).toBe("12/02/2026");
  });

  it("exports the rows as a PDF with page numbers", async () => {
    const { name, bytes } = await download(page, "Export PDF");
    expect(name).toBe("Invoices.pdf");
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    const pages = Number(text.match(/\(page 1 of (\d+)\)/)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`(page ${pages} of ${pages})`);
    const numbers = await page.locator(".ant-table-row td:nth-child(2) a").allTextContents();
    const plain = numbers.filter((n) => /^[\w-]+$/.test(n));
    expect(plain.length).toBeGreaterThan(0);
    for (const n of plain.slice(0, 5)) expect(text).toContain(`(${n})`);
    expect(text).toContain("(11/02/2026)");
  });

  it("exports under the server's Content-Security-Policy without a violation (papaparse, jspdf loaded on demand)", () => {
    expect(cspViolations(page)).toEqual([]);
  });
});
