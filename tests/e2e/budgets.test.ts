/** A budget in stop mode, created in the browser: a purchase-order request that would overspend it is refused with the budget's message; in warn mode it goes through with the message as a warning. */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption, typeDate } from "./forms.js";

const { browser } = useBrowser();

describe("budgets in the browser", () => {
  it("creates a budget in stop mode; a request over it is refused with the message", async () => {
    const page = await newPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "admin@acme.test", "/budgets/new");
    const label = `Marketing E2E ${Date.now()}`;
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByLabel("Amount", { exact: true }).fill("1000");
    await chooseOption(page, "Currency", "USD — US Dollar", "USD");
    await typeDate(page, "Start Date", "2026-01-01");
    await typeDate(page, "End Date", "2026-12-31");
    await chooseOption(page, "On Overrun", "Stop the submit", "");
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "budget-form-1440");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/budgets\/\d+$/);
    const budgetId = Number(page.url().split("/").pop());

    // 600 already committed by a submitted order
    const api = await apiAs("admin@acme.test");
    const vendor = (await api.get<{ data: { id: number; name: string }[] }>("/api/vendors?status=ACTIVE&_end=1")).body.data[0];
    const order = await api.post<{ data: { id: number } }>("/api/purchase_orders", { number: `PO-B-${Date.now()}`, vendor_id: vendor.id, date: "2026-03-01", currency_code: "USD", amount: "600", budget_id: budgetId });
    expect((await api.post(`/api/purchase_orders/${order.body.data.id}/submit`, {})).status).toBe(200);

    await page.goto("/purchase_orders/requests/new");
    const number = `REQ-E2E-${Date.now()}`;
    await page.getByLabel("Number", { exact: true }).fill(number);
    await chooseOption(page, "Vendor", vendor.name, vendor.name);
    await typeDate(page, "Date", "2026-03-02");
    await chooseOption(page, "Currency", "USD — US Dollar", "USD");
    await page.getByLabel("Amount", { exact: true }).fill("500");
    await chooseOption(page, "Budget", label, label);
    // a new request is a draft (its status is not chosen in the form); submitting it checks the budget
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/purchase_orders\/\d+$/);
    const statusOf = async () => (await api.get<{ data: { status: string }[] }>(`/api/purchase_orders?number=${number}`)).body.data[0]?.status;
    expect(await statusOf()).toBe("DRAFT");
    await page.getByRole("button", { name: "Submit for approval" }).click();
    const message = `Budget ${label} would be overspent by $100.00 (amount $1,000.00, already consumed $600.00)`;
    await expect.poll(() => page.getByText(message).count()).toBeGreaterThan(0);
    expect(await statusOf()).toBe("DRAFT");

    // the budget in warn mode: the same request goes through, the message shown as a warning
    await page.locator(".ant-notification-notice-close").first().click();
    expect((await api.patch(`/api/budgets/${budgetId}`, { overrun_action: "WARN" })).status).toBe(200);
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(() => page.locator(".ant-notification-notice-warning", { hasText: message }).count()).toBe(1);
    await expect.poll(statusOf).toBe("PENDING");

    // the budget's page: what consumes it, the totals matching
    await page.goto(`/budgets/${budgetId}`);
    await expect.poll(() => page.getByText("Purchase orders (committed)").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("$1,100.00").count()).toBeGreaterThan(1);
    await screenshot(page, "budget-show-1440");

    // on a phone: the form (editing it) and the page
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/budgets/${budgetId}/edit`);
    await expect.poll(() => page.getByLabel("Label", { exact: true }).inputValue()).toBe(label);
    await screenshot(page, "budget-form-390");
    await page.goto(`/budgets/${budgetId}`);
    await expect.poll(() => page.getByText("Purchase orders (committed)").count()).toBeGreaterThan(0);
    await screenshot(page, "budget-show-390");
  });
});
