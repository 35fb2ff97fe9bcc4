/**
 * The accrual cycle in the browser (issue 15, docs/accruals.md): an accrual made by hand, submitted,
 * approved through the approval engine, posted to the journal, matched from its page to the vendor's invoice, closed; the summary
 * page shows its month.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption, confirmDialog, typeDate } from "./forms.js";

const { browser } = useBrowser();

/** The text of a field on the show page (its label's description cell). */
const shown = (page: Page, field: string) => page.locator(".ant-descriptions-item-label", { hasText: new RegExp(`^${field}$`) }).first()
  .locator("xpath=following-sibling::*[1]").textContent();

/** The record's action button on the page (not a closing dialog's own "Close", still fading out). */
async function act(page: Page, button: string): Promise<void> {
  await page.getByRole("main").getByRole("button", { name: button, exact: true }).click();
}

describe("accruals in the browser", () => {
  it("by hand → submit → approve → post → match the vendor's invoice from the page → close; the summary shows the month", async () => {
    const api = await apiAs("admin@acme.test");
    const vendor = (await api.get<{ data: { id: number; name: string }[] }>("/api/vendors?status=ACTIVE&_sort=id&_order=asc&_end=1")).body.data[0]!;
    const invoiceNumber = `INV-ACR-${Date.now()}`;
    // a year of its own: a second attempt of this test does not add to the first one's summary rows
    const year = 2040 + Math.floor(Math.random() * 50);
    const invoice = await api.post<{ data: { id: number } }>("/api/invoices", {
      number: invoiceNumber, vendor_id: vendor.id, date: `${year}-03-12`, due_date: `${year}-04-12`, amount: "980.00", currency_code: "USD",
    });
    expect(invoice.status).toBe(201);

    const page = await newPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "admin@acme.test", "/accruals/new");
    await chooseOption(page, "Vendor", vendor.name, vendor.name);
    await typeDate(page, "Date", `${year}-02-28`);
    await page.getByLabel("Amount", { exact: true }).click();
    await page.getByLabel("Amount", { exact: true }).fill("1000");
    await page.getByLabel("Account Number", { exact: true }).fill("6200");
    await page.getByLabel("Description", { exact: true }).fill("February consulting, not yet invoiced");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "accrual-form-1440");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/accruals\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await expect.poll(() => shown(page, "Status")).toBe("New");
    expect(await shown(page, "Number")).toMatch(/^ACR-\d+$/);

    // the demo's Accrual workflow: the controller (admin) approves, on the accrual's page
    // (its icon is part of its name)
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(() => shown(page, "Status")).toBe("Pending");
    await screenshot(page, "accrual-pending-1440");
    await page.getByRole("button", { name: /Approve$/ }).click();
    await confirmDialog(page, /Are you sure you want to Approve/);
    await expect.poll(() => shown(page, "Status")).toBe("Approved");
    await act(page, "Post to Journal");
    await confirmDialog(page, /to the journal\?/);
    await expect.poll(() => shown(page, "Status")).toBe("Open");
    expect(await shown(page, "Posted On")).toBe(`02/28/${year}`);

    // match: the dialog offers the vendor's invoices; the amount left out, the balance takes the whole invoice
    await act(page, "Match Invoice");
    await chooseOption(page, "Invoice", invoiceNumber, invoiceNumber);
    await screenshot(page, "accrual-match-1440");
    await page.locator(".ant-modal").getByRole("button", { name: "OK" }).click();
    await expect.poll(() => shown(page, "Balance")).toBe("$20.00");
    await expect.poll(() => page.locator("[data-relation=accrual_invoice_links]", { hasText: "$980.00" }).filter({ hasText: invoiceNumber }).count()).toBe(1);
    await screenshot(page, "accrual-show-1440");

    // close at the end of March: the journal releases the 1,000 (no auto-reverse)
    await act(page, "Close");
    await typeDate(page, "Date", `${year}-03-31`);
    // the date picker's panel closed before OK (it covers the button)
    await page.locator(".ant-modal-title").click();
    await page.locator(".ant-modal").getByRole("button", { name: "OK" }).click();
    await expect.poll(() => shown(page, "Status")).toBe("Closed");
    expect(await shown(page, "Closed On")).toBe(`03/31/${year}`);
    const journal = (await api.get<{ data: { debit_amount: string; credit_amount: string }[] }>(`/api/account_transactions?account_transactionable_type=Accrual&account_transactionable_id=${id}`)).body.data;
    expect(journal).toHaveLength(4);
    const net = journal.reduce((n, l) => n + Math.round(Number(l.debit_amount) * 100) - Math.round(Number(l.credit_amount) * 100), 0);
    expect(net).toBe(0);

    // the summary: February accrued 1,000 and open at end; March matched 980 and closed 1,000
    await page.goto("/accruals_summary");
    const row = (period: string) => page.locator("tr[data-row-key]", { hasText: period }).filter({ hasText: vendor.name }).filter({ hasText: "6200" });
    await expect.poll(() => row(`${year}-02`).count()).toBeGreaterThan(0);
    await expect.poll(() => row(`${year}-02`).first().textContent()).toContain("$1,000.00");
    await expect.poll(() => row(`${year}-03`).first().textContent()).toContain("$980.00");
    await screenshot(page, "accrual-summary-1440");

    // on a phone: the accrual and the summary
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/accruals/${id}`);
    await expect.poll(() => shown(page, "Status")).toBe("Closed");
    await screenshot(page, "accrual-show-390");
    await page.goto("/accruals_summary");
    // on a phone each month is a card of its key figures (period, opening balance, account), without the vendor
    await expect.poll(() => page.locator("tr[data-row-key]", { hasText: `${year}-03` }).filter({ hasText: "6200" }).count()).toBeGreaterThan(0);
    await screenshot(page, "accrual-summary-390");
  });
});
