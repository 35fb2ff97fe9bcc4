/**
 * Paying vendors in a real browser (issue 5): pay bills → select two ACH invoices → review → create
 * the run → submit; the approver approves it; AP processes it and downloads the NACHA file, whose
 * first line is the file header ("101") and every line 94 characters. The invoices are found
 * through the API, so the test does not depend on the demo data's order.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

interface Payable {
  id: number;
  number: string;
  vendor_id: number;
  outstanding_balance_pending: string;
  is_validate_pay_now: boolean;
  payment_method: { payment_type: string } | null;
}

/** Two payable invoices of different vendors paid by ACH (so the run writes a NACHA file). */
async function twoAchInvoices(): Promise<Payable[]> {
  const api = await apiAs("ap@acme.test");
  const { body } = await api.get<{ data: Payable[] }>("/api/invoices_pay_bills?_end=1000&_sort=id&_order=asc");
  const ach = body.data.filter((i) => i.is_validate_pay_now && i.payment_method?.payment_type === "ach");
  const first = ach[0];
  const second = ach.find((i) => i.vendor_id !== first?.vendor_id);
  expect(first && second, "two payable ACH invoices of different vendors in the demo data").toBeTruthy();
  return [first!, second!];
}

/** The pay-bills list showing exactly these invoices (the grid's URL filter). */
const payBillsUrl = (numbers: readonly string[]) =>
  `/invoices_pay_bills?${numbers.map((n, i) => `filters[0][value][${i}]=${encodeURIComponent(n)}`).join("&")}&filters[0][field]=number&filters[0][operator]=in`;

async function runStatus(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.locator("[data-run-status]").textContent(), { timeout: 15_000 }).toBe(expected);
}

describe("paying vendors in the browser", () => {
  it("pays two invoices: pay bills → review → run → approval → processing → NACHA file", async () => {
    const invoices = await twoAchInvoices();
    const numbers = invoices.map((i) => i.number);

    // AP selects the two invoices on pay bills
    const ap = await newPage(browser());
    await login(ap, "ap@acme.test", payBillsUrl(numbers));
    await expect.poll(() => ap.locator(".ant-table-row").count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => ap.getByText(/cut-off: 4pm PST \/ 7pm EST/).count()).toBe(1);
    for (const number of numbers) await ap.getByRole("checkbox", { name: number, exact: true }).check();

    // an amount above the pending balance is refused inline and blocks the review
    const amount = ap.getByLabel(`Payment Amount ${numbers[0]}`);
    await amount.fill("99999999.00");
    await expect.poll(() => ap.getByRole("alert").filter({ hasText: "cannot exceed the pending balance" }).count()).toBe(1);
    await expect.poll(() => ap.getByRole("button", { name: "Review" }).isDisabled()).toBe(true);
    await amount.fill(invoices[0].outstanding_balance_pending);
    await expect.poll(() => ap.getByRole("button", { name: "Review" }).isEnabled()).toBe(true);
    await screenshot(ap, "pay-bills-selected");

    // review: one payment per vendor, then create the run
    await ap.getByRole("button", { name: "Review" }).click();
    await ap.waitForURL(/\/review_payment_run$/);
    await expect.poll(() => ap.locator(".ant-table-row").count(), { timeout: 15_000 }).toBe(2);
    await screenshot(ap, "review-payment-run");
    await ap.getByRole("button", { name: "Create payment run" }).click();
    await ap.waitForURL(/\/payment_runs\/\d+$/, { timeout: 15_000 });
    const runId = ap.url().split("/").pop()!;
    await runStatus(ap, "New");
    await expect.poll(() => ap.getByText(numbers[0], { exact: true }).count()).toBeGreaterThan(0);

    // submitted for approval: the PaymentRun workflow's step waits for the approver
    await ap.getByRole("button", { name: "Submit for approval" }).click();
    await runStatus(ap, "Pending");

    // the approver approves, after the spec's confirmation
    const approver = await newPage(browser());
    await login(approver, "approver@acme.test", `/payment_runs/${runId}`);
    await approver.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => approver.getByText(/^Are you sure you want to Approve \(PR-?[\w-]+\)\?$/).count()).toBe(1);
    await approver.getByRole("button", { name: "OK" }).click();
    await runStatus(approver, "Approved");
    await screenshot(approver, "payment-run-approved");

    // AP processes the run and downloads its NACHA file
    await ap.reload();
    await runStatus(ap, "Approved");
    await ap.getByRole("button", { name: "Process" }).click();
    await runStatus(ap, "Open");
    const [download] = await Promise.all([
      ap.waitForEvent("download", { timeout: 15_000 }),
      ap.getByRole("button", { name: /Download NACHA file/ }).click(),
    ]);
    const file = fs.readFileSync((await download.path())!, "utf8");
    const lines = file.split(/\r?\n/).filter((line) => line.length > 0);
    expect(lines[0].startsWith("101")).toBe(true);
    expect(lines.filter((line) => line.length !== 94)).toEqual([]);
    expect(lines.length % 10).toBe(0);
    await screenshot(ap, "payment-run-processed");
  });
});
