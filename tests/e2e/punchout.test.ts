/**
 * The punchout round trip in the browser (docs/punchout.md), against the local cXML test supplier:
 * staff (requestPurchaseOrders) clicks New purchase on /punchout, lands on the supplier's shop, checks
 * out; the supplier's page posts the cart back and the purchase-order request form opens with its two
 * lines and the supplier's vendor; saved, the request holds those lines and amounts. A supplier that
 * answers no start page shows the spec's error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright";
import { startPunchoutSupplier, type TestSupplier } from "../support/punchout-supplier.js";
import { apiAs } from "./api.js";
import { screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();
const secret = "e2e-shared-secret";
const stamp = Date.now();
const supplierName = `Test Office Supplies ${stamp}`;
let supplier: TestSupplier;
let vendor: { id: number; name: string };

beforeAll(async () => {
  supplier = await startPunchoutSupplier({ secret });
  const admin = await apiAs("admin@acme.test");
  vendor = (await admin.get<{ data: { id: number; name: string }[] }>("/api/vendors?name_like=Northwind&_end=1")).body.data[0];
});
afterAll(async () => supplier?.close());

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

/**
 * Screenshots at desktop and phone width, scrolled to `show`; the shell lays out for the width it
 * loads at, so each width is a fresh load until `ready` is seen.
 */
async function both(page: Page, name: string, ready: () => Promise<unknown>, show?: Locator): Promise<void> {
  for (const [size, width] of [[desktop, 1440], [phone, 390]] as const) {
    await page.setViewportSize(size);
    await page.reload();
    await ready();
    await show?.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(desktop);
  await page.reload();
  await ready();
}

describe("punchout", () => {
  it("an administrator sets the supplier up in the browser; its secret is never shown again", async () => {
    const page = await signedIn("admin@acme.test", "/settings/punchout_suppliers/new");
    await page.getByLabel("Name", { exact: true }).fill(supplierName);
    await page.getByLabel("Provider Code", { exact: true }).fill(`office${stamp}`);
    const vendorSelect = page.getByRole("combobox", { name: "Vendor", exact: true });
    await vendorSelect.click();
    await vendorSelect.fill(vendor.name);
    await page.locator(".ant-select-item-option", { hasText: vendor.name }).first().click();
    await page.getByLabel("Setup URL", { exact: true }).fill(supplier.setupUrl);
    await page.getByLabel("Buyer Identity (From)", { exact: true }).fill("acme");
    await page.getByLabel("Supplier Identity (To)", { exact: true }).fill("supplier");
    await page.getByLabel("Shared Secret", { exact: true }).fill(secret);
    await screenshot(page, "punchout-supplier-form");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/punchout_suppliers\/\d+$/);
    await page.getByText(supplier.setupUrl).waitFor();
    // the show page, not the form it replaces: no field to type a secret in, and the secret nowhere
    await expect.poll(() => page.getByLabel("Shared Secret", { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "punchout-supplier-show");
  });

  it("New purchase → the supplier's shop → Check out → the request form with the cart's two lines → saved", async () => {
    const page = await signedIn("staff@acme.test", "/punchout");
    await page.getByRole("heading", { name: "Punchout" }).waitFor();
    await page.getByText(supplierName).waitFor();
    await both(page, "punchout-screen", () => page.getByText(supplierName).waitFor());

    await page.getByRole("button", { name: `New purchase ${supplierName}` }).click();
    await page.waitForURL((url) => url.href.startsWith(`${supplier.url}/shop/`));
    await page.getByRole("button", { name: "Check out" }).click();
    await page.waitForURL(/\/purchase_orders\/requests\/new\?punchoutId=\d+$/);

    const rows = page.locator('[data-lines="po_items"] tr[data-row-key]');
    await expect.poll(() => rows.count()).toBe(2);
    await both(page, "punchout-request-form", () => expect.poll(() => rows.count()).toBe(2), page.locator('[data-lines="po_items"]'));
    await expect.poll(() => page.getByLabel("Description 1", { exact: true }).inputValue()).toBe("Ballpoint pens, blue (box of 50)");
    await expect.poll(() => page.getByLabel("Description 2", { exact: true }).inputValue()).toBe("Copy paper A4 & Letter <80 g>");
    await expect.poll(() => page.locator("[data-lines-total]").textContent()).toBe("$80.00");
    await page.getByText(`Cart from ${supplierName} for ${vendor.name}: 2 items`).waitFor();
    const number = `PUNCH-E2E-${stamp}`;
    await page.getByLabel("Number", { exact: true }).fill(number);

    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/purchase_orders/requests/new"));

    const staff = await apiAs("staff@acme.test");
    type Request = { id: number; vendor_id: number; amount: string; currency_code: string; status: string; po_items: { description: string; quantity: string; unit_price: string; amount: string }[] };
    const found = (await staff.get<{ data: Request[] }>(`/api/purchase_order_requests?number=${number}`)).body.data;
    expect(found).toHaveLength(1);
    const saved = (await staff.get<{ data: Request }>(`/api/purchase_order_requests/${found[0].id}`)).body.data;
    expect(saved).toMatchObject({ vendor_id: vendor.id, amount: "80.00", currency_code: "USD", status: "DRAFT" });
    expect(saved.po_items.map((line) => [line.description, Number(line.quantity), line.unit_price, line.amount])).toEqual([
      ["Ballpoint pens, blue (box of 50)", 3, "12.50", "37.50"],
      ["Copy paper A4 & Letter <80 g>", 10, "4.25", "42.50"],
    ]);
  });

  it("a supplier that answers no start page: Error, Couldn't generate url", async () => {
    const page = await signedIn("staff@acme.test", "/punchout");
    supplier.mode = "no-url";
    try {
      await page.getByRole("button", { name: `Track purchase ${supplierName}` }).click();
      const notice = page.locator(".ant-notification-notice").filter({ hasText: "Couldn't generate url" });
      await notice.waitFor();
      expect(await notice.locator(".ant-notification-notice-message").textContent()).toBe("Error");
      expect(new URL(page.url()).pathname).toBe("/punchout");
    } finally {
      supplier.mode = "normal";
    }
  });
});
