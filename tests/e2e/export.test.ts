/**
 * CSV, Excel and PDF export of the invoice list in Chromium (data spec, general list behaviour): the
 * files are downloaded and read back — the CSV with papaparse (header row, every row, dates MM/DD/YYYY
 * even for a DD/MM/YYYY company, a formula-looking cell neutralised), the xlsx with Python's openpyxl
 * (every row of the filtered list, amounts as numbers), the PDF's text (row values, "page 1 of N").
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs, type Api } from "./api.js";
import { cspViolations, login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();
const number = `=HYPERLINK("x")-${Date.now()}`;

/** Export, then the format's entry of the menu. */
async function download(page: Page, format: "CSV" | "Excel" | "PDF"): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: format }).click()]);
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
    await page.locator("tr[data-row-key]").nth(10).waitFor();
    await screenshot(page, "invoice-list-exports");
  });

  it("exports the rows as CSV", async () => {
    const { name, bytes } = await download(page, "CSV");
    expect(name).toBe("Invoices.csv");
    const { data } = Papa.parse<string[]>(bytes.toString("utf8"), { skipEmptyLines: true });
    const [head, ...rows] = data;
    expect(head).toEqual(["Number", "Vendor", "Date", "Due Date", "Due Status", "Amount", "Balance", "Amount in functional currency", "Status"]);
    const total = (await api.get<{ meta: { total: number } }>("/api/invoices?_end=0")).body.meta.total;
    expect(rows.length).toBe(total);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(row[2], row.join(",")).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const ours = rows.find((row) => row[0] === `'${number}`);
    expect(ours, "the formula-looking number is prefixed with a quote").toBeDefined();
    expect(ours![2]).toBe("11/02/2026");
    expect(ours![3]).toBe("12/02/2026");
  });

  it("exports the filtered rows as an Excel workbook", async () => {
    await page.getByPlaceholder("Search", { exact: true }).fill(number.slice(0, 12));
    await page.getByPlaceholder("Search", { exact: true }).press("Enter");
    await expect.poll(() => page.locator("tr[data-row-key]").count()).toBe(1);
    const { name, bytes } = await download(page, "Excel");
    expect(name).toBe("Invoices.xlsx");
    const file = `${fs.mkdtempSync("/tmp/outlay-xlsx-")}/invoices.xlsx`;
    fs.writeFileSync(file, bytes);
    const rows = JSON.parse(execFileSync("/usr/bin/python3", ["-c", `
import json, sys, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0]
print(json.dumps([[c if isinstance(c, (int, float, str)) or c is None else str(c) for c in row] for row in sheet.iter_rows(values_only=True)]))
`, file], { encoding: "utf8" })) as unknown[][];
    expect(rows[0]).toEqual(["Number", "Vendor", "Date", "Due Date", "Due Status", "Amount", "Balance", "Amount in functional currency", "Status"]);
    expect(rows.length).toBe(2);
    expect(rows[1][0]).toBe(number);
    expect(rows[1][2]).toBe("2026-11-02 00:00:00");
    expect(rows[1][5]).toBe(1234.5);
    await page.getByPlaceholder("Search", { exact: true }).clear();
    await page.getByPlaceholder("Search", { exact: true }).press("Enter");
    await page.locator("tr[data-row-key]").nth(10).waitFor();
  });

  it("exports the rows as a PDF with page numbers", async () => {
    const { name, bytes } = await download(page, "PDF");
    expect(name).toBe("Invoices.pdf");
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    const pages = Number(text.match(/\(page 1 of (\d+)\)/)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`(page ${pages} of ${pages})`);
    const numbers = await page.locator("tr[data-row-key] td:nth-child(2) a").allTextContents();
    const plain = numbers.filter((n) => /^[\w-]+$/.test(n));
    expect(plain.length).toBeGreaterThan(0);
    for (const n of plain.slice(0, 5)) expect(text).toContain(`(${n})`);
    expect(text).toContain("(11/02/2026)");
  });

  it("fits its toolbar on a phone, where the menu opens over the page", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = page.getByRole("heading", { name: "Invoices" });
    const menuWidth = async () => (await page.locator(".ant-layout-sider").boundingBox())?.width;
    // the menu folds away (its width animates to 0, leaving its border): the page starts at the left edge
    await expect.poll(menuWidth).toBeLessThanOrEqual(1);
    expect((await title.boundingBox())!.x).toBeLessThan(40);
    await screenshot(page, "invoice-list-exports-phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const left = (await title.boundingBox())!.x;
    // the menu's tab is a named button a keyboard opens (issue 34)
    const tab = page.getByRole("button", { name: "Menu", exact: true });
    expect(await tab.getAttribute("aria-expanded")).toBe("false");
    await tab.focus();
    await tab.press("Enter");
    await expect.poll(menuWidth).toBe(230);
    expect(await tab.getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "menu-open-phone");
    expect((await title.boundingBox())!.x, "the page is not squeezed by the open menu").toBe(left);
    // the menu's business areas start folded on a phone: open Payables, then choose its Invoices
    await page.getByRole("menuitem", { name: "Payables" }).click();
    await page.getByRole("menuitem", { name: "Invoices", exact: true }).click();
    await expect.poll(menuWidth, { message: "choosing a page closes the menu" }).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it("exports under the server's Content-Security-Policy without a violation (papaparse, jspdf loaded on demand)", () => {
    expect(cspViolations(page)).toEqual([]);
  });
});
