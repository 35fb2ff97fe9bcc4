/**
 * Issue 17 items 5 and 7 in the browser: each role's home dashboard answers its questions (AP clerk,
 * approver, controller), a tile leads to its filtered list, the aging total is the payable balance;
 * on a phone a list's rows are cards whose amounts are whole, and pay bills at 1440 px shows its
 * method, account and credits columns without scrolling sideways.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

const wide = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const statistic = (page: Page, title: string) => page.locator(".ant-card", { has: page.locator(".ant-statistic-title", { hasText: title }) });

/** The window at `size`, once the side menu has folded away or opened beside the page (its width animates). */
async function resize(page: Page, size: typeof wide): Promise<void> {
  await page.setViewportSize(size);
  const menuWidth = async () => (await page.locator(".ant-layout-sider").boundingBox())?.width ?? 0;
  if (size.width < 768) await expect.poll(menuWidth).toBeLessThanOrEqual(1);
  else await expect.poll(menuWidth).toBeGreaterThan(200);
}

/** The page at both widths, screenshotted as `<name>-1440` and `<name>-390`; ends at phone width. */
async function bothWidths(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  await resize(page, wide);
  await ready();
  await screenshot(page, `${name}-1440`);
  await resize(page, phone);
  await ready();
  await screenshot(page, `${name}-390`);
}

/** The page scrolls no wider than the window (nothing spills off to the side). */
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("home dashboards by role", () => {
  it("gives the AP clerk what is due, stuck, in the inboxes and the cash the next run needs; a tile opens its list", async () => {
    const page = await signedIn("ap@acme.test", "/dashboard");
    await heading(page, "Accounts Payable Dashboard").waitFor();
    for (const title of ["Unpaid invoices due this week", "Overdue unpaid invoices", "Invoices with open exceptions", "New invoices inbox", "Draft invoices inbox", "Credit memo inbox"]) {
      await statistic(page, title).waitFor();
    }
    await expect.poll(() => statistic(page, "Cash needed for the next run").locator(".ant-statistic-content-value").innerText()).toMatch(/^\$[\d,]+\.\d\d$/);
    await page.getByRole("list", { name: "AP aging of the payable balance (days past due)" }).waitFor();
    await bothWidths(page, "dashboard-ap", () => statistic(page, "Overdue unpaid invoices").waitFor());
    expect(await noSideScroll(page)).toBe(true);

    await resize(page, wide);
    const overdue = Number((await statistic(page, "Overdue unpaid invoices").locator(".ant-statistic-content-value").innerText()).replace(/\D/g, ""));
    expect(overdue).toBeGreaterThan(0);
    await statistic(page, "Overdue unpaid invoices").click();
    await page.waitForURL(/\/invoices\?.*due_date/);
    await page.locator("tr[data-row-key]").first().waitFor();
    await expect.poll(() => page.locator("tr[data-row-key]").count()).toBe(Math.min(overdue, 25));
  });

  it("gives the approver what awaits them, oldest first, each opening its approval screen", async () => {
    const page = await signedIn("approver@acme.test", "/dashboard");
    await heading(page, "Approver Dashboard").waitFor();
    const list = page.getByRole("list", { name: "Awaiting my approval, oldest first" });
    await list.getByRole("listitem").first().waitFor();
    const awaiting = Number((await statistic(page, "Awaiting my approval").locator(".ant-statistic-content-value").innerText()).replace(/\D/g, ""));
    expect(await list.getByRole("listitem").count()).toBe(Math.min(awaiting, 10));
    await page.getByRole("list", { name: "Awaiting my approval by type" }).waitFor();
    await bothWidths(page, "dashboard-approver", () => list.getByRole("listitem").first().waitFor());
    expect(await noSideScroll(page)).toBe(true);
    await list.getByRole("listitem").locator("a").first().click();
    await page.waitForURL(/approval/);
  });

  it("gives the controller an aging whose total is the payable balance, and spend by month", async () => {
    const page = await signedIn("admin@acme.test", "/dashboard");
    await heading(page, "Administrator Dashboard").waitFor();
    const balance = statistic(page, "Payable balance").locator(".ant-statistic-content-value");
    const aging = page.locator(".ant-card", { hasText: "AP aging of the payable balance" });
    await aging.getByText("Total", { exact: true }).waitFor();
    await expect.poll(() => balance.innerText()).toMatch(/^\$[\d,]+\.\d\d$/);
    const total = await aging.locator("[data-total]").innerText();
    expect(total).toBe(await balance.innerText());
    expect(Number(total.replace(/[$,]/g, ""))).toBeGreaterThan(0);
    const months = page.getByRole("list", { name: "Invoice spend by month (last 12 months)" });
    await expect.poll(() => months.getByRole("listitem").count()).toBeGreaterThan(0);
    await bothWidths(page, "dashboard-controller", () => aging.getByText("Total", { exact: true }).waitFor());
    expect(await noSideScroll(page)).toBe(true);
  });
});

describe("phones and narrow windows", () => {
  it("shows a list's rows as cards with whole amounts and status labels", async () => {
    const page = await signedIn("ap@acme.test", "/invoices");
    await resize(page, phone);
    const card = page.locator("tr[data-row-key]").first();
    await card.waitFor();
    await screenshot(page, "invoices-list-390");
    expect(await page.locator("thead").count()).toBe(0);
    const text = await card.innerText();
    expect(text).toMatch(/\$[\d,]+\.\d\d/);
    expect(text).toMatch(/New|Pending Approval|Approved|Open|Paid|Closed|Rejected|Draft/);
    // every amount is inside the window, not cut off by a table wider than it
    const clipped = await page.locator("tr[data-row-key]").evaluateAll((rows) => rows.some((row) => {
      const box = row.getBoundingClientRect();
      return box.right > window.innerWidth + 1;
    }));
    expect(clipped).toBe(false);
    expect(await noSideScroll(page)).toBe(true);
    await resize(page, wide);
    await page.locator("thead").waitFor();
    await screenshot(page, "invoices-list-1440");
  });

  it("shows pay bills' method, account and credits columns at 1440 px without scrolling sideways, and works on a phone", async () => {
    const page = await signedIn("ap@acme.test", "/invoices_pay_bills");
    await resize(page, wide);
    await page.locator("tr[data-row-key]").first().waitFor();
    // the vendors' payment methods have arrived
    await page.locator("tr[data-row-key]", { hasText: "ACH" }).first().waitFor();
    await screenshot(page, "pay-bills-1440");
    for (const name of ["Payment Method", "Originating Account", "Vendor Credits"]) {
      const header = page.getByRole("columnheader", { name, exact: true });
      const box = (await header.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(1440);
    }
    await resize(page, phone);
    await page.locator("tr[data-row-key]").first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    // a selected invoice's payment amount and method are under its card, inside the window
    await page.locator("tr[data-row-key] .ant-checkbox-input:not([disabled])").first().check();
    const amount = page.getByRole("textbox", { name: /^Payment Amount / }).first();
    await amount.waitFor();
    const box = (await amount.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "pay-bills-390");
  });
});
