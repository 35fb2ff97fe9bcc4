/**
 * Paying vendors in a real browser (issue 5): pay bills → select two ACH invoices → review → create
 * the run → submit; the approver approves it; AP processes it and downloads the NACHA file, whose
 * first line is the file header ("101") and every line 94 characters. The invoices are found
 * through the API, so the test does not depend on the demo data's order.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { formatMoney, sum } from "../../src/framework/money.js";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

interface Payable {
  id: number;
  number: string;
  vendor_id: number;
  outstanding_balance_pending: string;
  is_validate_pay_now: boolean;
  is_payable_now: boolean;
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

/** The review page's preview has arrived: one row per payment, and the run may be created. */
async function reviewed(page: Page, payments: number): Promise<void> {
  await expect.poll(() => page.getByRole("button", { name: "Create payment run" }).isEnabled(), { timeout: 15_000 }).toBe(true);
  expect(await page.locator("tr[data-row-key]").count()).toBe(payments);
}

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
    await expect.poll(() => ap.locator("tr[data-row-key]").count(), { timeout: 15_000 }).toBe(2);
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
    await reviewed(ap, 2);
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

  it("shows the server's refusal against its invoice, keeps the selection, and lets the approver exclude a payment", async () => {
    const invoices = await twoAchInvoices();
    const numbers = invoices.map((i) => i.number);
    const ap = await newPage(browser());
    await login(ap, "ap@acme.test", payBillsUrl(numbers));
    await expect.poll(() => ap.locator("tr[data-row-key]").count(), { timeout: 15_000 }).toBe(2);
    for (const number of numbers) await ap.getByRole("checkbox", { name: number, exact: true }).check();
    await ap.getByRole("button", { name: "Review" }).click();
    await ap.waitForURL(/\/review_payment_run$/);
    await reviewed(ap, 2);

    // meanwhile another run reserves the first invoice's whole balance
    const api = await apiAs("ap@acme.test");
    const other = await api.post<{ data: { id: number } }>("/api/payment_runs", {
      payment_date: earliestPaymentDate(),
      items: [{ invoice_id: invoices[0].id, amount: invoices[0].outstanding_balance_pending }],
    });
    expect(other.status).toBe(201);

    // creating this run is refused (422), shown against that invoice; nothing is created
    await ap.getByRole("button", { name: "Create payment run" }).click();
    await expect.poll(() => ap.locator("[data-invoice]").first().getAttribute("data-invoice"), { timeout: 15_000 }).toBe(numbers[0]);
    expect(await ap.getByRole("button", { name: "Create payment run" }).isDisabled()).toBe(true);
    expect(ap.url()).toMatch(/\/review_payment_run$/);
    await screenshot(ap, "review-payment-run-refused");

    // back to edit: the list as it was, the selection kept
    await ap.getByRole("button", { name: "Back to edit" }).click();
    await ap.waitForURL(/\/invoices_pay_bills\?/);
    await expect.poll(() => ap.getByText("2 selected", { exact: true }).count()).toBe(1);

    // the other run, submitted: its approver excludes its payment
    expect((await api.post(`/api/payment_runs/${other.body.data.id}/submit`, {})).status).toBe(200);
    const approver = await newPage(browser());
    await login(approver, "approver@acme.test", `/payment_runs/${other.body.data.id}`);
    await runStatus(approver, "Pending");
    const payments = approver.locator(".ant-card").filter({ hasText: "Payment Number" });
    await payments.getByRole("button", { name: "Exclude" }).click();
    await expect.poll(() => payments.getByText("VOID - EXCLUDED", { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await payments.getByRole("button", { name: "Exclude" }).count()).toBe(0);
    await screenshot(approver, "payment-run-excluded");
  });

  it("bulk 'all' mode counts, totals and sends only the invoices payable now (a vendor without a payment method is left out)", async () => {
    const api = await apiAs("ap@acme.test");
    const { body } = await api.get<{ data: Payable[] }>("/api/invoices_pay_bills?_end=1000&_sort=id&_order=asc");
    const payable = body.data.filter((i) => i.is_payable_now);
    const second = payable.find((i) => i.vendor_id !== payable[0]?.vendor_id);
    const left = body.data.find((i) => !i.is_payable_now && !i.payment_method);
    expect(payable[0] && second && left, "two payable invoices of different vendors and one of a vendor without a method").toBeTruthy();
    const paid = [payable[0], second!];

    const ap = await newPage(browser());
    await login(ap, "ap@acme.test", payBillsUrl([...paid, left!].map((i) => i.number)));
    await expect.poll(() => ap.locator("tr[data-row-key]").count(), { timeout: 15_000 }).toBe(3);
    const allMode = ap.getByRole("switch", { name: "Pay all 2 matching invoices" });
    await expect.poll(() => allMode.count(), { timeout: 15_000 }).toBe(1);
    await allMode.click();
    const totals = ap.locator("[data-currency=USD]");
    await expect.poll(() => totals.textContent(), { timeout: 15_000 }).toBe(`2 invoices · Total USD: ${formatMoney(sum(paid.map((i) => i.outstanding_balance_pending)), "USD")}`);
    expect(await ap.getByRole("checkbox", { name: left!.number, exact: true }).isChecked()).toBe(false);
    await screenshot(ap, "pay-bills-all-mode");
    await ap.getByRole("button", { name: "Review" }).click();
    await ap.waitForURL(/\/review_payment_run$/);
    await reviewed(ap, 2);
    expect(await ap.getByText(left!.number, { exact: true }).count()).toBe(0);
  });
});
