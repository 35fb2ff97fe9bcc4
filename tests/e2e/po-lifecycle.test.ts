/**
 * A purchase order's life after its request, in the browser (issue 14): the approver approves it on its
 * approval screen → the vendor's e-mail arrives with the order as a PDF and its portal link → the vendor
 * sees the order's lines in the portal → staff close the order from its page (screenshots at 1440 and
 * 390 px wide of the page with its actions). The order is created and submitted through the API.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { confirmDialog } from "./forms.js";
import { mailedLink } from "./mailbox.js";

const { browser } = useBrowser();

type Row = Record<string, unknown> & { id: number };

const number = `PO-E2E-${Date.now()}`;
let orderId = 0;

const statusTag = (page: Page, text: string) => page.locator(".ant-tag", { hasText: new RegExp(`^${text}$`) });

describe("a purchase order from approval to closing", () => {
  it("the approver approves the submitted order on its approval screen", async () => {
    const po = await apiAs("po@acme.test");
    const vendors = await po.get<{ data: Row[] }>("/api/vendors?name=Northwind%20Supplies&_end=1");
    const created = await po.post<{ data: Row }>("/api/purchase_orders", {
      number, vendor_id: vendors.body.data[0].id, date: "2026-11-02", currency_code: "USD", description: "Office chairs",
      po_items: [{ description: "Ergonomic chair", quantity: "4", unit_price: "250.00" }, { description: "Desk lamp", quantity: "4", unit_price: "40.00" }],
    });
    expect(created.status).toBe(201);
    orderId = created.body.data.id;
    expect((await po.post(`/api/purchase_orders/${orderId}/submit`, {})).status).toBe(200);

    const page = await newPage(browser());
    await login(page, "approver@acme.test", `/po_approvals/${orderId}`);
    await page.getByText("Step 1 awaits your approval").waitFor();
    await page.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(page, `Are you sure you want to Approve (${number})?`);
    await page.waitForURL(new RegExp(`/purchase_orders/${orderId}$`));
    await statusTag(page, "Approved").first().waitFor();
    await page.context().close();
  });

  it("the vendor's e-mail carries the order as a PDF and the portal link, where the vendor sees its lines", async () => {
    expect(await mailedLink("vendor@northwind.test", new RegExp(`Content-Type: application/pdf;[\\s\\S]{0,60}${number}\\.pdf`))).toBeTruthy();
    const link = await mailedLink("vendor@northwind.test", new RegExp(`/vendor_portal/purchase_orders/${orderId}\\?company_id=\\d+`));
    const page = await newPage(browser());
    await login(page, "vendor@northwind.test", link);
    await page.getByText("Ergonomic chair").waitFor({ timeout: 15_000 });
    await page.getByText("Desk lamp").waitFor();
    await screenshot(page, "po-lifecycle-portal-lines");
    await page.context().close();
  });

  it("staff close the order from its page", async () => {
    const page = await newPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "po@acme.test", `/purchase_orders/${orderId}`);
    await page.getByRole("button", { name: "Close", exact: true }).waitFor();
    await page.getByRole("button", { name: "Cancel Order" }).waitFor();
    await screenshot(page, "po-lifecycle-show-1440");
    // a phone loads the page at its width (the menu folds away)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("button", { name: "Close", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "po-lifecycle-show-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();

    await page.getByRole("button", { name: "Close", exact: true }).click();
    await confirmDialog(page, `Close PO #${number}?`);
    await statusTag(page, "Closed").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole("button", { name: "Close", exact: true }).count()).toBe(0);
    await page.locator(".ant-modal-confirm").waitFor({ state: "detached" });
    await screenshot(page, "po-lifecycle-closed");
    const admin = await apiAs("admin@acme.test");
    expect((await admin.get<{ data: Row }>(`/api/purchase_orders/${orderId}`)).body.data).toMatchObject({ status: "CLOSED", close_reason: "COMPLETED", open_balance: "0.00" });
    await page.context().close();
  });

  it("shows whether an order is fully matched as the spec's icon, only where the company has advanced two-way matching", async () => {
    const admin = await apiAs("admin@acme.test");
    const setting = async (on: boolean) =>
      expect((await admin.patch(`/api/companies/${admin.companyId}`, { advanced_two_way_matching: on })).status).toBe(200);
    const page = await newPage(browser());
    await login(page, "admin@acme.test", `/purchase_orders/${orderId}`);
    await page.getByRole("heading", { name: new RegExp(number) }).waitFor();
    // off (the default): neither the page nor the list speaks of matching
    expect(await page.getByText("Fully Matched").count()).toBe(0);
    await setting(true);
    try {
      await page.reload();
      // the closed order was never invoiced: not matched, said by the icon's label
      await page.getByRole("img", { name: "Not matched" }).first().waitFor();
      await page.goto("/purchase_orders");
      await page.getByRole("columnheader", { name: "Fully Matched" }).waitFor();
      await expect.poll(() => page.getByRole("img", { name: /^(Matched|Not matched)$/ }).count()).toBeGreaterThan(0);
      await screenshot(page, "po-list-matched-icons");
    } finally {
      await setting(false);
    }
    await page.context().close();
  });

  it("a request's duplicate starts from copies of its lines, with the spec's PO types and subtypes offered by their labels", async () => {
    const staff = await apiAs("staff@acme.test");
    const vendors = await (await apiAs("admin@acme.test")).get<{ data: Row[] }>("/api/vendors?status=ACTIVE&_end=1");
    const request = await staff.post<{ data: Row }>("/api/purchase_order_requests", {
      number: `${number}-R`, vendor_id: vendors.body.data[0].id, date: "2026-11-02", currency_code: "USD", po_type: "corporate card", po_subtype: "Project",
      po_items: [{ description: "Monitor", quantity: "2", unit_price: "180.00" }],
    });
    expect(request.status).toBe(201);
    const page = await newPage(browser());
    await login(page, "staff@acme.test", `/purchase_orders/requests/${request.body.data.id}/duplicate`);
    await expect.poll(() => page.getByLabel("Description 1", { exact: true }).inputValue(), { timeout: 15_000 }).toBe("Monitor");
    await page.getByText("Corporate Card").first().waitFor();
    await page.getByText("Project").first().waitFor();
    // the subtype's select shows the copied subtype; opened, it offers the spec's others
    await page.locator(".ant-select", { hasText: /^Project$/ }).click();
    await page.locator(".ant-select-item-option", { hasText: "Inventory" }).waitFor();
    await screenshot(page, "po-request-duplicate");
    await page.context().close();
  });
});
