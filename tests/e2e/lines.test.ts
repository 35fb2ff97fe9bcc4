/** A document with lines in the browser: a purchase order created with three lines, one changed and one removed on edit, the total from the lines; a bad line shows its own error and nothing is written. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
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

  it("pulls a purchase order's open lines into a receipt with the picker dialog", async () => {
    const api = await apiAs("admin@acme.test");
    type Item = { id: number; quantity: string; qty_received: string; qty_billed: string };
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
    const date = page.getByLabel("Received Date", { exact: true });
    await date.click();
    await date.fill("2026-11-20");
    await date.press("Tab");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/receipt\/\d+$/);
    const received = (await api.get<{ data: Item[] }>(`/api/po_items?purchase_order_id=${order!.id}`)).body.data;
    expect(received.map((i) => Number(i.qty_received))).toEqual(order!.items.map((i) => Number(i.quantity)));
  });
});
