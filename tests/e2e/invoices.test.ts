/** The invoice round trip in a real browser: list, show, create (with a refused field), edit, delete; and a denied route. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs } from "./api.js";
import { chooseOption } from "./forms.js";
import { cspViolations, login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

async function pickDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Tab");
}

async function fillInvoice(page: Page, number: string, amount: string): Promise<void> {
  await page.getByLabel("Number", { exact: true }).fill(number);
  const vendor = page.getByRole("combobox", { name: "Vendor", exact: true });
  await vendor.click();
  await vendor.fill("Northwind Supplies");
  await page.locator(".ant-select-item-option", { hasText: "Northwind Supplies" }).first().click();
  await pickDate(page, "Date", "2026-11-02");
  await pickDate(page, "Due Date", "2026-12-02");
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await chooseOption(page, "Currency", "USD — US Dollar", "USD");
}

describe("invoices in the browser", () => {
  it("lists, shows, creates, edits and deletes an invoice", async () => {
    const page = await newPage(browser());
    await login(page, "ap@acme.test", "/invoices");
    await expect.poll(() => page.locator("tr[data-row-key]").count()).toBeGreaterThan(10);
    await screenshot(page, "invoice-list");

    // open one
    const first = page.locator("tr[data-row-key]").first().locator("a").first();
    const number = (await first.textContent())!;
    await first.click();
    await expect.poll(() => page.getByRole("heading", { name: new RegExp(number) }).count()).toBe(1);
    await expect.poll(() => page.getByText("Vendor", { exact: true }).count()).toBeGreaterThan(0);

    // a refused field: the server's 422 shows under the field and nothing is saved
    const created = `E2E-${Date.now()}`;
    await page.goto("/invoices/new");
    await fillInvoice(page, created, "100.00");
    await pickDate(page, "Due Date", "2026-10-01");
    await page.getByRole("button", { name: "Save" }).click();
    // beside the field, and in the summary at the top of the form
    await expect.poll(() => page.locator(".ant-form-item-explain-error", { hasText: "must be on or after the invoice date" }).count()).toBe(1);
    await expect.poll(() => page.locator(".ant-alert-error", { hasText: "Due Date: must be on or after the invoice date" }).count()).toBe(1);
    await screenshot(page, "invoice-create-error");

    // corrected: saved, shown
    await pickDate(page, "Due Date", "2026-12-02");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { name: new RegExp(created) }).count()).toBe(1);
    const id = page.url().split("/").pop();

    // edit
    await page.getByRole("button", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`/invoices/${id}/edit$`));
    await page.getByLabel("Description", { exact: true }).fill("Edited in the browser");
    // the clerk codes it: one GL entry added in words, not by an unlabelled icon
    await page.getByRole("button", { name: "Add entry" }).click();
    await page.locator("#root_debit_entries_0_account_number").fill("6000");
    await page.locator("#root_debit_entries_0_amount").fill("100.00");
    await screenshot(page, "invoice-edit-gl-coding");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(new RegExp(`/invoices/${id}$`));
    await expect.poll(() => page.getByText("Edited in the browser").count()).toBe(1);
    const coded = await (await apiAs("ap@acme.test")).get<{ data: { debit_entries: { account_number: string; amount: string }[] } }>(`/api/invoices/${id}`);
    expect(coded.body.data.debit_entries).toMatchObject([{ account_number: "6000", amount: "100.00" }]);
    await page.context().close();

    // delete (an administrator), after the spec's confirmation text
    const admin = await newPage(browser());
    await login(admin, "admin@acme.test", "/invoices");
    await admin.getByPlaceholder("Search", { exact: true }).fill(created);
    await admin.getByPlaceholder("Search", { exact: true }).press("Enter");
    await expect.poll(() => admin.locator("tr[data-row-key]").count()).toBe(1);
    await admin.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => admin.getByText(`Are you sure you want to delete Invoice #${created}?`).count()).toBe(1);
    await screenshot(admin, "invoice-delete-confirm");
    await admin.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => admin.locator("tr[data-row-key]").count()).toBe(0);
    // the whole round trip ran under the server's Content-Security-Policy without a violation
    expect(cspViolations(page)).toEqual([]);
    expect(cspViolations(admin)).toEqual([]);
    await admin.context().close();
  });

  it("refuses a route the user's permissions do not allow", async () => {
    const page = await newPage(browser());
    await login(page, "staff@acme.test", "/invoices");
    await expect.poll(() => page.locator(".ant-notification-notice", { hasText: "Not Authorized: You are not authorized to view the requested resource." }).count()).toBe(1);
    await screenshot(page, "not-authorized");
    expect(await page.locator("tr[data-row-key]").count()).toBe(0);
    await page.context().close();
  });

  it("takes a date typed in the company's format: 25/12/2026 at Globex (DD/MM/YYYY) is saved as 2026-12-25", async () => {
    const page = await newPage(browser());
    await login(page, "admin@globex.test", "/invoices/new");
    const number = `DMY-${Date.now()}`;
    await page.getByLabel("Number", { exact: true }).fill(number);
    const vendor = page.getByRole("combobox", { name: "Vendor", exact: true });
    await vendor.click();
    await page.locator(".ant-select-item-option").first().click();
    await pickDate(page, "Date", "25/12/2026");
    await pickDate(page, "Due Date", "31/12/2026");
    await expect.poll(() => page.getByLabel("Date", { exact: true }).inputValue()).toBe("25/12/2026");
    await page.getByLabel("Amount", { exact: true }).fill("10.00");
    await chooseOption(page, "Currency", "EUR — Euro", "EUR");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    const id = page.url().split("/").pop();
    const saved = (await (await apiAs("admin@globex.test")).get<{ data: { number: string; date: string; due_date: string } }>(`/api/invoices/${id}`)).body.data;
    expect(saved).toMatchObject({ number, date: "2026-12-25", due_date: "2026-12-31" });
    await expect.poll(() => page.getByText("25/12/2026", { exact: true }).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
