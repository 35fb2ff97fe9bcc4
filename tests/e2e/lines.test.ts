/**
 * A document with lines in the browser: a purchase order created with three lines, one changed and one removed on
 * edit, the total from the lines; a bad line shows its own error and nothing is written. Pulled lines show their PO
 * line's figures (LinesDef `context`): ordered, received so far and to receive on a receipt, ordered, received,
 * billed and its price on an invoice; the order's page its figures before its coding.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { formatMoney } from "../../src/framework/money.js";
import { apiAs } from "./api.js";
import { chooseOption } from "./forms.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

async function line(page: Page, n: number, values: { description?: string; quantity?: string; price?: string }): Promise<void> {
  if (values.description !== undefined) await page.getByLabel(`Description ${n}`, { exact: true }).fill(values.description);
  if (values.quantity !== undefined) await page.getByLabel(`Quantity ${n}`, { exact: true }).fill(values.quantity);
  if (values.price !== undefined) await page.getByLabel(`Unit Price ${n}`, { exact: true }).fill(values.price);
}

const total = (page: Page) => page.locator("[data-lines-total]").textContent();

/** The text of the line grid's cell in row `row` (from 0) under the column headed `header`. */
async function cell(page: Page, lines: string, header: string, row: number): Promise<string> {
  const grid = page.locator(`[data-lines="${lines}"]`);
  const headers = await grid.locator("thead th").allTextContents();
  const column = headers.indexOf(header);
  expect(column, `${header} in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return (await grid.locator("tr[data-row-key]").nth(row).locator("td").nth(column).textContent()) ?? "";
}

/** The grid of `lines` at a desktop's width and a phone's, whose page never scrolls sideways (a grid may, in its card). */
async function shots(page: Page, lines: string, name: string): Promise<void> {
  const grid = page.locator(`[data-lines="${lines}"]`);
  // nothing open over the page: a date's calendar, a closing dialog
  await page.keyboard.press("Escape");
  await expect.poll(() => page.locator(".ant-modal:visible, .ant-picker-dropdown:visible").count()).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await grid.scrollIntoViewIfNeeded();
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  // the menu folds away as the window narrows: shot once it has
  await page.locator(".ant-layout-sider-collapsed").waitFor();
  await page.waitForTimeout(300);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await grid.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("purchase-order lines in the browser", () => {
  it("creates an order with three lines, refuses a bad line, edits and removes lines; the total comes from the lines", async () => {
    const page = await newPage(browser());
    await login(page, "admin@acme.test", "/purchase_orders/new");
    const number = `PO-E2E-${Date.now()}`;
    await page.getByLabel("Number", { exact: true }).fill(number);
    const vendor = page.getByRole("combobox", { name: "Vendor", exact: true });
    await vendor.click();
    await vendor.fill("Northwind Supplies");
    await page.locator(".ant-select-item-option", { hasText: "Northwind Supplies" }).first().click();
    const date = page.getByLabel("Date", { exact: true });
    await date.click();
    await date.fill("2026-11-02");
    await date.press("Tab");
    await chooseOption(page, "Currency", "USD — US Dollar", "USD");

    for (let n = 0; n < 3; n++) await page.getByRole("button", { name: "Add line" }).click();
    await line(page, 1, { description: "Paper", quantity: "10", price: "2.50" });
    await line(page, 2, { description: "Toner", quantity: "2", price: "80" });
    // a negative price: the server refuses this line, under its own cell
    await line(page, 3, { description: "Pens", quantity: "3", price: "-1" });
    await page.getByRole("button", { name: "Save" }).click();
    const error = page.locator('[data-lines="po_items"] [role="alert"]');
    await expect.poll(() => error.textContent()).toBe("must be zero or more");
    // the error sits in the third line's row
    await expect.poll(() => page.locator('[data-lines="po_items"] tr[data-row-key]').nth(2).locator('[role="alert"]').count()).toBe(1);
    await screenshot(page, "po-lines-error");
    const api = await apiAs("admin@acme.test");
    expect((await api.get<{ meta: { total: number } }>(`/api/purchase_orders?number=${number}`)).body.meta.total).toBe(0);

    // corrected: saved with its three lines, the amount from them (25 + 160 + 5.97)
    await line(page, 3, { price: "1.99" });
    await expect.poll(() => total(page)).toBe("$190.97");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/purchase_orders\/\d+$/);
    const id = page.url().split("/").pop();
    await expect.poll(() => total(page)).toBe("$190.97");
    await expect.poll(() => page.locator('[data-lines="po_items"] tr[data-row-key]').count()).toBe(3);
    await screenshot(page, "po-lines-show");

    // edit: line 1 to 4 × 2.50, line 2 removed
    await page.getByRole("button", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`/purchase_orders/${id}/edit$`));
    await expect.poll(() => page.getByLabel("Quantity 1", { exact: true }).inputValue()).toMatch(/^10(\.0+)?$/);
    await line(page, 1, { quantity: "4" });
    await page.getByRole("button", { name: "Remove 2", exact: true }).click();
    await expect.poll(() => total(page)).toBe("$15.97");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(new RegExp(`/purchase_orders/${id}$`));
    await expect.poll(() => total(page)).toBe("$15.97");

    const saved = (await api.get<{ data: { amount: string; po_items: { description: string; quantity: string }[] } }>(`/api/purchase_orders/${id}`)).body.data;
    expect(saved.amount).toBe("15.97");
    expect(saved.po_items.map((l) => [l.description, Number(l.quantity)])).toEqual([["Paper", 4], ["Pens", 3]]);
  });

  it("pulls a purchase order's open lines into a receipt, each with its PO line's figures; an invoice pulling them and the order show theirs", async () => {
    const api = await apiAs("admin@acme.test");
    type Item = { id: number; quantity: string; qty_received: string; qty_billed: string; unit_price: string };
    // an approved or open order none of whose lines was received or billed yet: all its lines are open
    const orders = (await api.get<{ data: { id: number }[] }>("/api/purchase_orders?status=ACTIVE&_end=50")).body.data;
    let order: { id: number; items: Item[] } | undefined;
    for (const { id } of orders) {
      const items = (await api.get<{ data: Item[] }>(`/api/po_items?purchase_order_id=${id}`)).body.data;
      if (items.length && items.every((i) => Number(i.qty_received) === 0 && Number(i.qty_billed) === 0)) {
        order = { id, items };
        break;
      }
    }
    expect(order).toBeDefined();
    const page = await newPage(browser());
    await login(page, "receiving@acme.test", `/log_new_receipt?poID=${order!.id}`);
    await page.getByRole("button", { name: "Pull open lines" }).click();
    const dialog = page.locator(".ant-modal");
    await expect.poll(() => dialog.locator("tr[data-row-key]").count()).toBe(1);
    await dialog.locator("tr[data-row-key] .ant-checkbox-input").check();
    await screenshot(page, "receipt-pick-lines");
    await dialog.getByRole("button", { name: "Pull open lines" }).click();
    const rows = page.locator('[data-lines="receipt_items"] tr[data-row-key]');
    await expect.poll(() => rows.count()).toBe(order!.items.length);
    // what the clerk reads while typing: ordered, received so far, still to receive (nothing received yet: all of it)
    const ordered = Number(order!.items[0].quantity).toLocaleString("en-US");
    await expect.poll(() => cell(page, "receipt_items", "Ordered", 0)).toBe(ordered);
    expect(await cell(page, "receipt_items", "Received so far", 0)).toBe("0");
    expect(await cell(page, "receipt_items", "To Receive", 0)).toBe(ordered);
    // a PO line chosen by hand brings its figures too
    await page.getByRole("button", { name: "Add line" }).click();
    const added = order!.items.length;
    expect(await cell(page, "receipt_items", "Ordered", added)).toBe("");
    const description = (await api.get<{ data: { description: string } }>(`/api/po_items/${order!.items[0].id}`)).body.data.description;
    await chooseOption(page, `PO Line ${added + 1}`, description);
    await expect.poll(() => cell(page, "receipt_items", "Ordered", added)).toMatch(/^\d[\d,.]*$/);
    await page.getByRole("button", { name: `Remove ${added + 1}`, exact: true }).click();
    const date = page.getByLabel("Received Date", { exact: true });
    await date.click();
    await date.fill("2026-11-20");
    await date.press("Tab");
    await shots(page, "receipt_items", "receipt-pulled-lines");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/receipt\/\d+$/);
    const received = (await api.get<{ data: Item[] }>(`/api/po_items?purchase_order_id=${order!.id}`)).body.data;
    expect(received.map((i) => Number(i.qty_received))).toEqual(order!.items.map((i) => Number(i.quantity)));
    // the receipt's page: all of it received now, nothing left to receive
    await expect.poll(() => cell(page, "receipt_items", "Received so far", 0)).toBe(ordered);
    expect(await cell(page, "receipt_items", "To Receive", 0)).toBe("0");
    await shots(page, "receipt_items", "receipt-show-lines");

    // the AP clerk pulls the same order's lines into an invoice: ordered, received, billed and the PO's price beside each
    const shown = (await api.get<{ data: { number: string; vendor: { name: string } } }>(`/api/purchase_orders/${order!.id}`)).body.data;
    const clerk = await newPage(browser());
    await login(clerk, "ap@acme.test", "/invoices/new");
    await chooseOption(clerk, "Vendor", shown.vendor.name);
    await clerk.getByRole("button", { name: "Pull open lines" }).click();
    const offered = clerk.locator(".ant-modal");
    await offered.locator("tr[data-row-key]", { hasText: shown.number }).locator(".ant-checkbox-input").check();
    await offered.getByRole("button", { name: "Pull open lines" }).click();
    await expect.poll(() => clerk.locator('[data-lines="invoice_items"] tr[data-row-key]').count()).toBe(order!.items.length);
    expect(await cell(clerk, "invoice_items", "Ordered", 0)).toBe(ordered);
    expect(await cell(clerk, "invoice_items", "Received", 0)).toBe(ordered);
    expect(await cell(clerk, "invoice_items", "Billed", 0)).toBe("0");
    expect(await cell(clerk, "invoice_items", "PO Price", 0)).toBe(formatMoney(order!.items[0].unit_price, "USD"));
    // side by side: what is billed, then what the PO line allows
    const billing = await clerk.locator('[data-lines="invoice_items"] thead th').allTextContents();
    expect(billing.slice(billing.indexOf("Quantity"), billing.indexOf("PO Price") + 1)).toEqual(["Quantity", "Ordered", "Received", "Billed", "Unit Price", "PO Price"]);
    await shots(clerk, "invoice_items", "invoice-pulled-lines");

    // the buyer's page of the order: quantity, received, billed and open before the coding, seen without scrolling at 1440
    await page.goto(`/purchase_orders/${order!.id}`);
    await expect.poll(() => cell(page, "po_items", "Received", 0)).toBe(ordered);
    const headers = await page.locator('[data-lines="po_items"] thead th').allTextContents();
    expect(headers.indexOf("Open")).toBeLessThan(headers.indexOf("Account Number"));
    const open = await page.locator('[data-lines="po_items"] thead th', { hasText: /^Open$/ }).boundingBox();
    const grid = await page.locator('[data-lines="po_items"]').boundingBox();
    expect(open!.x + open!.width).toBeLessThanOrEqual(grid!.x + grid!.width);
    await shots(page, "po_items", "po-show-lines");
  });
});
