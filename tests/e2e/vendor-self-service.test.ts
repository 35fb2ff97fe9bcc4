/**
 * Vendor self-service in the browser (issue 13, docs/portal.md "Self-service"): the demo vendor
 * changes its bank details and staff find the new method awaiting approval; it uploads its W-9; it
 * acknowledges a purchase order; the purchaser switcher then shows the other purchaser's data.
 */
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { tinyPdf } from "../../src/server/seed/admin.js";
import { apiAs, type Api } from "./api.js";
import { login, navigate, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();
const email = "vendor@northwind.test";
let vendor: Api;
let admin: Api;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  admin = await apiAs("admin@acme.test");
  vendor = await apiAs(email);
  // another test may have left the vendor working with its other purchaser: start at Acme's
  if (vendor.companyId !== admin.companyId) {
    await vendor.post(`/api/users/switch_company/${admin.companyId}`, {});
    vendor = await apiAs(email);
  }
  page = await newPage(browser());
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, email);
  await page.waitForURL(/\/vendor_portal$/);
});

afterAll(async () => {
  await page?.context().close();
});

describe("vendor self-service", () => {
  it("changes the bank details: a PENDING method that staff find awaiting approval", async () => {
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL(/\/vendor_portal\/settings\/general$/);
    await page.getByRole("tab", { name: "Payment" }).click();
    await page.waitForURL(/\/settings\/payment$/);
    const account = String(Date.now()).slice(-8);
    await page.getByLabel("Bank", { exact: true }).fill("First Browser Bank");
    await page.getByLabel("Routing Number").fill("021000021");
    await page.getByLabel("Account Number").fill(account);
    await page.getByRole("button", { name: "Change bank details", exact: true }).click();
    const row = page.locator("tbody tr", { hasText: `••••${account.slice(-4)}` });
    await row.waitFor();
    await expect.poll(() => row.locator(".ant-tag").textContent()).toBe("Pending");
    await screenshot(page, "portal-settings-payment-1440");
    const methods = await vendor.get<{ data: { id: number; status: string; account_number_masked: string }[] }>("/api/portal/payment_methods?_end=100");
    const proposed = methods.body.data.find((m) => m.account_number_masked.endsWith(account.slice(-4)))!;
    expect(proposed.status).toBe("PENDING");
    const approvals = await admin.get<{ data: unknown[] }>(`/api/approvals?approvable_type=PaymentMethod&approvable_id=${proposed.id}&aasm_state=pending`);
    expect(approvals.body.data).toHaveLength(1);
  });

  it("uploads the W-9", async () => {
    await page.getByRole("tab", { name: "Tax" }).click();
    await page.waitForURL(/\/settings\/tax$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "w9-")), "w9.pdf");
    fs.writeFileSync(file, tinyPdf("Form W-9 Northwind Supplies"));
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText("Saved.").first().waitFor();
    const vendors = await vendor.get<{ data: { id: number; has_w9: boolean }[] }>("/api/portal/vendors");
    expect(vendors.body.data[0].has_w9).toBe(true);
    const staff = await admin.get<{ data: { documents: { asset_file_file_name: string }[] } }>(`/api/vendors/${vendors.body.data[0].id}`);
    expect(staff.body.data.documents.map((d) => d.asset_file_file_name)).toContain("w9.pdf");
  });

  it("acknowledges a purchase order", async () => {
    const orders = await vendor.get<{ data: { id: number; number: string; acknowledged_at: string | null }[] }>("/api/portal/purchase_orders?status=APPROVED&status=OPEN&_end=100");
    const order = orders.body.data.find((o) => !o.acknowledged_at) ?? orders.body.data[0];
    expect(order).toBeDefined();
    await navigate(page, `/vendor_portal/purchase_orders/${order.id}`);
    await page.getByRole("button", { name: "Acknowledge order", exact: true }).click();
    // a bordered description is a table: the value is the cell after the label's
    const acknowledged = page.locator(".ant-descriptions-item-label", { hasText: "Acknowledged by Vendor On" }).locator("xpath=following-sibling::td[1]");
    await expect.poll(() => acknowledged.textContent()).not.toBe("—");
    await screenshot(page, "portal-po-acknowledged-1440");
    const staff = await admin.get<{ data: { acknowledged_at: string | null } }>(`/api/purchase_orders/${order.id}`);
    expect(staff.body.data.acknowledged_at).toBeTruthy();
  });

  it("keeps its own contacts: adds one, edits it, deactivates it", async () => {
    const last = `Browser${Date.now() % 100000}`;
    await navigate(page, "/vendor_portal/vendor_contacts");
    // the earlier steps' notices (top right) are closed, as a user would, before the page's own button is used
    // (one may close by itself meanwhile: each look closes the first still there)
    await expect.poll(async () => {
      await page.locator(".ant-notification-notice-close").first().click({ timeout: 500 }).catch(() => undefined);
      return page.locator(".ant-notification-notice").count();
    }).toBe(0);
    await page.getByRole("button", { name: "Add contact", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First Name").fill("Pat");
    await dialog.getByLabel("Last Name").fill(last);
    await dialog.getByRole("button", { name: "OK", exact: true }).click();
    const row = page.locator("tbody tr[data-row-key]", { hasText: last });
    await row.waitFor();
    const mine = (await vendor.get<{ data: { id: number; last_name: string; source: string; status: string }[] }>(`/api/portal/vendor_contacts?last_name=${last}`)).body.data;
    expect(mine).toEqual([expect.objectContaining({ last_name: last, source: "VENDOR", status: "ACTIVE" })]);

    await navigate(page, `/vendor_portal/vendor_contacts/${mine[0].id}`);
    await page.getByRole("button", { name: "Edit contact", exact: true }).click();
    await page.getByRole("dialog").getByLabel("Phone").fill("+1 555 0100");
    await page.getByRole("dialog").getByRole("button", { name: "OK", exact: true }).click();
    const phone = page.locator(".ant-descriptions-item-label", { hasText: "Phone" }).locator("xpath=following-sibling::td[1]");
    await expect.poll(() => phone.textContent()).toBe("+1 555 0100");
    await page.getByRole("button", { name: "Deactivate", exact: true }).click();
    const confirm = page.getByRole("dialog").getByRole("button", { name: "OK", exact: true });
    if (await confirm.count()) await confirm.click();
    await expect.poll(async () => (await vendor.get<{ data: { status: string } }>(`/api/portal/vendor_contacts/${mine[0].id}`)).body.data.status).toBe("INACTIVE");
    await screenshot(page, "portal-own-contact-1440");
  });

  it("switches to the other purchaser, whose data differ", async () => {
    await navigate(page, "/vendor_portal/invoices");
    await page.locator("tbody tr[data-row-key]").first().waitFor();
    const before = await page.locator("tbody").textContent();
    const switcher = page.locator('.ant-layout-header .ant-select[aria-label="Purchaser"]');
    await switcher.click();
    await page.locator(".ant-select-item-option", { hasText: "Globex Ltd" }).click();
    await page.waitForLoadState("load");
    await page.locator("tbody tr[data-row-key]").first().waitFor();
    await expect.poll(() => page.locator("tbody").textContent()).not.toBe(before);
    expect(await page.locator(".ant-layout-header").textContent()).toContain("Globex Ltd");
    expect(errors).toEqual([]);
    // leave the vendor with Acme for the other tests
    await (await apiAs(email)).post(`/api/users/switch_company/${admin.companyId}`, {});
  });
});
