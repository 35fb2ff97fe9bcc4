/** Multi-currency in the browser: a EUR rate entered on its form; a EUR invoice then moves Acme's USD dashboard by its converted amount. */
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs, type Api } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption, typeDate } from "./forms.js";

const { browser } = useBrowser();

type Approval = { id: number; contact_id: number };

/** Every pending step of the invoice's chain approved by its approver, through the API. */
async function approveAll(admin: Api, invoiceId: number): Promise<void> {
  for (;;) {
    const pending = (await admin.get<{ data: Approval[] }>(`/api/approvals?approvable_type=Invoice&approvable_id=${invoiceId}&aasm_state=pending&_sort=step&_order=asc`)).body.data;
    if (pending.length === 0) return;
    const contact = (await admin.get<{ data: { email: string } }>(`/api/contacts/${pending[0].contact_id}`)).body.data;
    const approved = await (await apiAs(contact.email)).post(`/api/approvals/${pending[0].id}/approve`, {});
    expect(approved.status).toBe(200);
  }
}

const payableBalance = (page: Page) => page.locator(".ant-statistic", { hasText: "Payable balance" }).locator(".ant-statistic-content");
const amountOf = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));

describe("exchange rates in the browser", () => {
  it("a rate entered on its form converts a EUR invoice into Acme's USD payable balance", async () => {
    // the browser tests' database outlives a run (and a retry): a day of its own, before the demo's rates, for this rate and invoice
    const day = dayjs("2000-01-01").add(Date.now() % 7000, "day");
    const page = await newPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "admin@acme.test", "/exchange_rates/new");
    await chooseOption(page, "Currency", "EUR — Euro", "EUR");
    await typeDate(page, "Effective Date", day.format("YYYY-MM-DD"));
    await page.keyboard.press("Escape");
    await page.getByLabel("Rate", { exact: true }).fill("1.25");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".ant-picker-dropdown:visible").count()).toBe(0);
    await screenshot(page, "currency-rate-form-1440");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/exchange_rates\/\d+$/);

    await page.goto("/dashboard");
    await expect.poll(async () => (await payableBalance(page).textContent()) ?? "").toMatch(/\$/);
    const before = amountOf((await payableBalance(page).textContent())!);

    const admin = await apiAs("admin@acme.test");
    const ap = await apiAs("ap@acme.test");
    const vendor = (await admin.get<{ data: { id: number }[] }>("/api/vendors?status=ACTIVE&_end=1")).body.data[0];
    const number = `FX-E2E-${Date.now()}`;
    const created = await ap.post<{ data: { id: number; amount_in_functional: string } }>("/api/invoices", {
      number, vendor_id: vendor.id, date: day.format("YYYY-MM-DD"), due_date: day.add(30, "day").format("YYYY-MM-DD"), currency_code: "EUR", amount: "1000000.00",
      debit_entries: [{ account_number: "6000", amount: "1000000.00" }],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.amount_in_functional).toBe("1250000.00");
    expect((await ap.post(`/api/invoices/${created.body.data.id}/submit`, {})).status).toBe(200);
    await approveAll(admin, created.body.data.id);

    await page.reload();
    await expect.poll(async () => amountOf((await payableBalance(page).textContent()) ?? "0")).toBeCloseTo(before + 1_250_000, 2);
    await screenshot(page, "currency-dashboard-1440");
    // the invoice list: the EUR amount, and beside it the amount in USD
    await page.goto("/invoices");
    await expect.poll(() => page.getByText("$1,250,000.00").count()).toBeGreaterThan(0);
    // two selected rows in EUR and USD: no sum across currencies, but the functional amounts total in USD
    const row = (text: string) => page.locator("tbody tr[data-row-key]", { hasText: text }).first();
    await row(number).locator("input[type=checkbox]").check();
    await row("INV-").locator("input[type=checkbox]").check();
    await expect.poll(() => page.getByText("different currencies").count()).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByText(/Amount in functional currency:/).textContent()) ?? "").toMatch(/\$1,2\d\d,\d{3}\.\d\d/);
    await screenshot(page, "currency-invoices-1440");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await expect.poll(async () => amountOf((await payableBalance(page).textContent()) ?? "0")).toBeCloseTo(before + 1_250_000, 2);
    await screenshot(page, "currency-dashboard-390");
    await page.goto("/exchange_rates");
    // on a phone the rates are cards: the currency and its effective date
    await expect.poll(() => page.locator("tr[data-row-key]", { hasText: "EUR" }).filter({ hasText: "Effective Date" }).count()).toBeGreaterThan(0);
    await screenshot(page, "currency-rates-390");
  }, 120_000);
});
