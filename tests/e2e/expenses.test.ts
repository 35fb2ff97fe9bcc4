/**
 * An expense reimbursed, in a real browser (issue 15): staff files a report with a mileage line
 * (priced by the server: distance × the company's rate) and a meal with its receipt file, and submits it;
 * the approver approves it; finance pays it on pay expenses → review → a payment run, which is
 * approved and processed; the NACHA file holds a PPD entry to the employee, and the report is Paid.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption, confirmDialog, typeDate } from "./forms.js";
import { simplePdf } from "../../src/server/files/simple-pdf.js";

const { browser } = useBrowser();


async function line(page: Page, n: number, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(`${label} ${n}`, { exact: true }).fill(value);
}

describe("expenses reimbursed in the browser", () => {
  it("staff files mileage and a meal with a receipt → approval → pay expenses → run → PPD entry → Paid", async () => {
    const page = await newPage(browser());
    await login(page, "staff@acme.test", "/expense_report/new");
    await typeDate(page, "Date", "2026-11-02");
    const description = `Client visit ${Date.now()}`;
    await page.getByLabel("Description", { exact: true }).fill(description);

    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByRole("button", { name: "Add line" }).click();
    await typeDate(page, "Date 1", "2026-11-02");
    await line(page, 1, { Merchant: "Drive to Contoso" });
    await chooseOption(page, "Expense Type 1", "Mileage", "");
    await line(page, 1, { Distance: "40" });
    await typeDate(page, "Date 2", "2026-11-02");
    await line(page, 2, { Merchant: "Bistro Central", Category: "Meals", Amount: "32.40" });
    await screenshot(page, "expense-report-new");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/expense_report\/\d+$/, { timeout: 15_000 });
    const id = Number(page.url().split("/").pop());

    // the mileage line is priced by the server: 40 × 0.725 (the demo rate of 2026) = 29.00
    const staffApi = await apiAs("staff@acme.test");
    type Report = { number: string; amount: string; status: string; employee_name: string; expense_items: { id: number; merchant: string; amount: string }[] };
    const reportNow = async () => (await staffApi.get<{ data: Report }>(`/api/expense_reports/${id}`)).body.data;
    const status = async () => (await reportNow()).status;
    const report = await reportNow();
    expect(report.expense_items.map((i) => [i.merchant, i.amount]).sort()).toEqual([["Bistro Central", "32.40"], ["Drive to Contoso", "29.00"]]);
    expect(report.amount).toBe("61.40");
    await expect.poll(() => page.getByText("$61.40").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, "expense-report-show");

    // the meal's receipt is a file, on the item's page (above the company's threshold: the submit needs it)
    const meal = report.expense_items.find((i) => i.merchant === "Bistro Central")!;
    await page.goto(`/expense/${meal.id}`);
    await page.locator(".ant-upload-drag input[type=file]").setInputFiles({ name: "bistro.pdf", mimeType: "application/pdf", buffer: simplePdf(["Bistro Central", "RECEIPT", "Total: 32.40 USD"]) });
    await page.getByTestId("document-preview").waitFor();
    await page.goto(`/expense_report/${id}`);
    await expect.poll(() => page.getByText("$61.40").count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(status, { timeout: 15_000 }).toBe("PENDING");
    await expect.poll(() => page.getByText("Pending Approval").count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // the approver approves it
    const approver = await newPage(browser());
    await login(approver, "approver@acme.test", `/expense_report/${id}`);
    await approver.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(approver, /Are you sure you want to Approve/);
    await expect.poll(status, { timeout: 15_000 }).toBe("OPEN");

    // finance (the administrator) pays it: pay expenses → review → run
    const admin = await newPage(browser());
    await login(admin, "admin@acme.test", `/pay_expenses?filters[0][field]=number&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(report.number)}`);
    await expect.poll(() => admin.locator("tr[data-row-key]").count(), { timeout: 15_000 }).toBe(1);
    await admin.locator("tr[data-row-key] .ant-checkbox-input").check();
    await screenshot(admin, "pay-expenses");
    await admin.getByRole("button", { name: "Review payment run" }).click();
    await admin.waitForURL(/\/expenses_review_payment_run\?/);
    await expect.poll(() => admin.getByRole("button", { name: "Create payment run" }).isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await admin.locator("tr[data-row-key]").count()).toBe(1);
    await screenshot(admin, "expenses-review-payment-run");
    await admin.getByRole("button", { name: "Create payment run" }).click();
    await admin.waitForURL(/\/payment_runs\/\d+$/, { timeout: 15_000 });
    const runId = admin.url().split("/").pop()!;
    const runStatus = (p: Page) => p.locator("[data-run-status]").textContent();
    await admin.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(() => runStatus(admin), { timeout: 15_000 }).toBe("Pending");

    await approver.goto(approver.url().replace(/\/expense_report\/.*$/, `/payment_runs/${runId}`));
    await approver.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(approver, /Are you sure you want to Approve/);
    await expect.poll(() => runStatus(approver), { timeout: 15_000 }).toBe("Approved");

    await admin.reload();
    await admin.getByRole("button", { name: "Process" }).click();
    await expect.poll(() => runStatus(admin), { timeout: 15_000 }).toBe("Open");
    const [download] = await Promise.all([
      admin.waitForEvent("download", { timeout: 15_000 }),
      admin.getByRole("button", { name: /Download NACHA file/ }).click(),
    ]);
    const lines = fs.readFileSync((await download.path())!, "utf8").split(/\r?\n/).filter((l) => l.length > 0);
    const batch = lines.find((l) => l.startsWith("5"))!;
    expect(batch.slice(50, 53)).toBe("PPD");
    const entries = lines.filter((l) => l.startsWith("6"));
    expect(entries).toHaveLength(1);
    expect(entries[0].slice(29, 39)).toBe("0000006140");
    expect(entries[0].slice(54, 76).trim()).toBe(report.employee_name.toUpperCase());
    await screenshot(admin, "expense-payment-run-processed");

    // the employee sees the report Paid
    await page.reload();
    expect(await status()).toBe("PAID");
    await expect.poll(() => page.getByText("Paid", { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, "expense-report-paid");

    // on a phone: the new-report form and the paid report
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/expense_report/new");
    await page.getByRole("button", { name: "Add line" }).click();
    await screenshot(page, "expense-report-new-390");
    await page.goto(`/expense_report/${id}`);
    await expect.poll(() => page.getByText("Paid", { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, "expense-report-paid-390");
  });
});
