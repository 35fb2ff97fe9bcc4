/**
 * `npm run bench:export [-- --invoices 100000]`: the invoice list exported from the browser, as CSV
 * and as xlsx, with that many more invoices in Acme (issue 16: the row counts equal the list's total).
 * Serves the built client (`npm run build:client` first) and the API on a fresh seeded PGlite
 * database, signs in as the AP clerk in Chromium, chooses Export → CSV and Export → Excel on /invoices,
 * and reads the downloads back (papaparse; Python's openpyxl for the xlsx). Prints, per format, the
 * rows against the exact count of the company's invoices, the seconds from click to saved file, the
 * file's size and the server process's peak resident memory while it was written.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import Papa from "papaparse";
import { chromium, type Page } from "playwright";
import { startServer } from "../e2e/global-setup.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import type { DB } from "../../src/server/db/connect.js";
import { payableFixture } from "./payables-fixture.js";

const { values: flags } = parseArgs({ options: { invoices: { type: "string", default: "100000" } } });
const invoices = Number(flags.invoices);
const perVendor = 100;
const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

let exactCount = 0;
const started = performance.now();
const teardown = await startServer(async (db: DB) => {
  const acme = (await db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow()).id as number;
  await payableFixture(db, acme, { vendors: Math.ceil(invoices / perVendor), perVendor, tag: "EXPORT" });
  exactCount = Number((await db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).where("company_id", "=", acme).executeTakeFirstOrThrow()).n);
});
console.log(`seeded: ${exactCount} invoices in Acme in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Export → `format`; the file's path, seconds to the saved file and the process's peak RSS meanwhile. */
async function exportFrom(page: Page, format: "CSV" | "Excel"): Promise<{ file: string; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  await page.getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 600_000 }), page.getByRole("menuitem", { name: format }).click({ timeout: 600_000 })]);
  // saved under its own name: openpyxl goes by the extension
  const file = `${fs.mkdtempSync("/tmp/outlay-bench-export-")}/${download.suggestedFilename()}`;
  await download.saveAs(file);
  clearInterval(sampler);
  return { file, seconds: (performance.now() - start) / 1000, peakMb: peak / 1024 / 1024 };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args });
try {
  const page = await (await browser.newContext({ baseURL: process.env.OUTLAY_E2E_URL, viewport: { width: 1400, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto("/invoices");
  await page.getByLabel("Email").fill("ap@acme.test");
  await page.getByLabel("Password").fill(demoPassword);
  const [list] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/api/invoices"),
    page.getByRole("button", { name: "Log in", exact: true }).click(),
  ]);
  await page.locator("tbody tr[data-row-key]").first().waitFor();
  console.log(`the list's total: ${list.headers()["x-total-count"]} (its count stops at 10,000); the exact count: ${exactCount}`);
  console.log(`idle server process: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB resident`);

  const csv = await exportFrom(page, "CSV");
  const csvRows = Papa.parse<string[]>(fs.readFileSync(csv.file, "utf8"), { skipEmptyLines: true }).data.length - 1;
  console.log(`CSV:  ${csvRows} rows (${csvRows === exactCount ? "equal to" : "NOT equal to"} the count), ${csv.seconds.toFixed(1)} s, ${(fs.statSync(csv.file).size / 1024 / 1024).toFixed(1)} MB, server peak ${csv.peakMb.toFixed(0)} MB resident`);

  const xlsx = await exportFrom(page, "Excel");
  const xlsxRows = Number(execFileSync("/usr/bin/python3", ["-c", `
import sys, openpyxl
print(sum(1 for _ in openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0].iter_rows(values_only=True)) - 1)
`, xlsx.file], { encoding: "utf8" }));
  console.log(`xlsx: ${xlsxRows} rows (${xlsxRows === exactCount ? "equal to" : "NOT equal to"} the count), ${xlsx.seconds.toFixed(1)} s, ${(fs.statSync(xlsx.file).size / 1024 / 1024).toFixed(1)} MB, server peak ${xlsx.peakMb.toFixed(0)} MB resident`);
  if (csvRows !== exactCount || xlsxRows !== exactCount) process.exitCode = 1;
} finally {
  await browser.close();
  await teardown();
}
