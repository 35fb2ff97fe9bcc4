/**
 * Issue 17 items 3, 4 and 6 in the browser: forms people fill fast (dates in the company's format,
 * plain messages listed at the top, the unsaved-changes question, the saved record opening), the
 * side menu by role with its quick search, tab titles and breadcrumbs, and Spanish throughout
 * (antd's own texts, 1.234,56 grouping). Screenshots at 1440 and 390 px.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "playwright";
import { apiAs } from "./api.js";
import { navigate, screenshot, useSignedIn } from "./browser.js";
import { chooseOption, typeDate } from "./forms.js";

const { signedIn } = useSignedIn();
const wide = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

/** Both widths, the page as it is. */
async function shots(page: Page, name: string, onPhone?: () => Promise<void>): Promise<void> {
  // the sider folds or unfolds with an animation after a resize: shot once it has settled
  const settled = () => page.waitForTimeout(600);
  await page.setViewportSize(wide);
  await settled();
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(phone);
  await settled();
  await onPhone?.();
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(wide);
  await settled();
}

/** On a phone: open the folded menu. */
const openMenu = (page: Page) => async () => {
  await page.locator(".ant-layout-sider-zero-width-trigger").click();
  await page.waitForTimeout(400);
};

const inViewport = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
});

describe("forms", () => {
  test("Enter in a field never submits: the typed date is taken, nothing is saved, the form stays open (issue 34)", async () => {
    const page = await signedIn("po@acme.test", "/purchase_orders/new");
    await page.setViewportSize(wide);
    const date = page.getByLabel("Date", { exact: true });
    await date.waitFor();
    const total = async () => (await (await apiAs("po@acme.test")).get<{ meta: { total: number } }>("/api/purchase_orders?_end=1")).body.meta.total;
    const before = await total();
    await date.click();
    await date.fill("12/24/2026");
    await date.press("Enter");
    await page.getByLabel("Description", { exact: true }).fill("typed");
    await page.getByLabel("Description", { exact: true }).press("Enter");
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe("/purchase_orders/new");
    expect(await date.inputValue()).toBe("12/24/2026");
    // no refusal shown either: nothing was sent
    expect(await page.locator(".ant-alert-error").count()).toBe(0);
    expect(await total()).toBe(before);
  });

  let invoiceId = "";
  const number = `FN-${Date.now()}`;

  test("Globex: 25/12/2026 typed saves 2026-12-25; currency starts at EUR; no status at create; the new invoice opens", async () => {
    const page = await signedIn("admin@globex.test", "/invoices/new");
    await page.setViewportSize(wide);
    await page.getByLabel("Number", { exact: true }).waitFor();
    expect(await page.getByLabel("Status", { exact: true }).count()).toBe(0);
    await expect.poll(() => page.locator(".ant-select-selection-item", { hasText: "EUR" }).count()).toBe(1);
    await page.getByLabel("Number", { exact: true }).fill(number);
    const vendor = page.getByRole("combobox", { name: "Vendor", exact: true });
    await vendor.click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
    await typeDate(page, "Date", "25/12/2026");
    await typeDate(page, "Due Date", "31/12/2026");
    await page.getByLabel("Amount", { exact: true }).fill("1234.56");
    await shots(page, "form-invoice-globex");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    invoiceId = page.url().split("/").pop()!;
    // the "Saved" notice sits below the page's action buttons, not over them
    const savedNotice = page.locator(".ant-notification-notice", { hasText: "Saved" }).first();
    await savedNotice.waitFor();
    await page.getByRole("button", { name: "Edit" }).first().waitFor();
    const notice = await savedNotice.boundingBox();
    expect(notice).not.toBeNull();
    for (const name of ["Edit", "Delete"]) {
      const box = (await page.getByRole("button", { name }).first().boundingBox())!;
      expect(box.y + box.height <= notice!.y || box.x + box.width <= notice!.x, name).toBe(true);
    }
    await screenshot(page, "notice-below-actions-1440");
    const saved = (await (await apiAs("admin@globex.test")).get<{ data: { date: string; due_date: string; status: string; currency_code: string } }>(`/api/invoices/${invoiceId}`)).body.data;
    expect(saved).toMatchObject({ date: "2026-12-25", due_date: "2026-12-31", currency_code: "EUR" });
    // a euro company's convention, for its English-speaking admin too
    await expect.poll(() => page.getByText("1.234,56 €").count()).toBeGreaterThan(0);
  });

  test("a broken pattern reads in plain words, in the summary scrolled into view, and beside the field", async () => {
    const page = await signedIn("admin@acme.test", "/subsidiaries/new");
    await page.setViewportSize(phone);
    await page.getByLabel("Name", { exact: true }).fill("Iberia");
    await page.getByLabel("Country", { exact: true }).fill("spain");
    await page.getByRole("button", { name: "Save" }).click();
    const summary = page.locator(".ant-alert-error", { hasText: "Please correct" });
    await summary.waitFor();
    await expect.poll(() => summary.textContent()).toContain("Country: must be a two-letter country code, such as US or ES");
    expect(await page.getByText("must match pattern").count()).toBe(0);
    await expect.poll(() => page.locator(".ant-form-item-explain-error", { hasText: "two-letter country code" }).count()).toBe(1);
    await shots(page, "form-pattern-error");
  });

  test("a server 422 is listed at the top and scrolled to", async () => {
    const page = await signedIn("admin@acme.test", "/invoices/new");
    await page.getByLabel("Number", { exact: true }).fill(`E422-${Date.now()}`);
    await chooseOption(page, "Vendor", "Northwind", "North");
    await typeDate(page, "Date", "12/02/2026");
    await typeDate(page, "Due Date", "11/01/2026");
    await page.getByLabel("Amount", { exact: true }).fill("10.00");
    await page.getByRole("button", { name: "Save" }).click();
    const summary = page.locator(".ant-alert-error", { hasText: "must be on or after the invoice date" });
    await summary.waitFor();
    await expect.poll(() => inViewport(page, ".ant-alert-error")).toBe(true);
    await shots(page, "form-server-error");
  });

  test("leaving a form with unsaved changes asks first; staying keeps the typing", async () => {
    const page = await signedIn("admin@acme.test", "/vendors/new");
    await page.getByLabel("Name", { exact: true }).fill("Half-typed vendor");
    // an administrator's menu opens on its dashboards
    const home = page.locator(".ant-menu-item", { hasText: "Home" }).first();
    await home.click();
    const dialog = page.locator(".ant-modal-confirm", { hasText: "You have unsaved changes" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(new URL(page.url()).pathname).toBe("/vendors/new");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Half-typed vendor");
    // answered OK: the page is left
    await home.click();
    await page.locator(".ant-modal-confirm", { hasText: "You have unsaved changes" }).getByRole("button", { name: "OK" }).click();
    await page.waitForURL((url) => url.pathname !== "/vendors/new");
  });

  test("the browser's Back asks too: Cancel keeps the form and its values, OK leaves; a clean form leaves at once", async () => {
    const page = await signedIn("admin@acme.test", "/vendors");
    await navigate(page, "/vendors/new");
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Backed-out vendor");
    await page.goBack();
    const dialog = page.locator(".ant-modal-confirm", { hasText: "You have unsaved changes" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/vendors/new");
    expect(await name.inputValue()).toBe("Backed-out vendor");
    // asked again on the next Back, and OK leaves for the page before the form
    await page.goBack();
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((url) => url.pathname === "/vendors");
    // asked once: the answered dialog closes and none follows
    await dialog.waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);
    // Cancel on a changed form, answered OK, steps back past the guard to the page before the form
    await navigate(page, "/vendors/new");
    await name.fill("Cancelled vendor");
    await page.locator("form").getByRole("button", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((url) => url.pathname === "/vendors");
    // the answered dialog closes (its animation may outlast 300 ms on a loaded machine) and none follows
    await dialog.waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/vendors");
    // nothing typed: Back leaves without a question
    await navigate(page, "/vendors/new");
    await name.waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/vendors");
    expect(await dialog.count()).toBe(0);
  });

  test("a requester's saved PO request opens (not the dashboard)", async () => {
    const page = await signedIn("staff@acme.test", "/purchase_orders/requests/new");
    await page.getByRole("combobox", { name: "Vendor", exact: true }).waitFor();
    await chooseOption(page, "Vendor", "Northwind", "North");
    await page.getByLabel("Number", { exact: true }).fill(`REQ-${Date.now()}`);
    await typeDate(page, "Date", "12/01/2026");
    await page.getByLabel("Description", { exact: true }).fill("Paper");
    await shots(page, "form-po-request-staff");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => url.pathname !== "/purchase_orders/requests/new");
    expect(new URL(page.url()).pathname).toMatch(/\/purchase_orders\/requests\/\d+\/edit$|\/purchase_orders\/\d+$/);
  });

  test("Spanish: antd's texts, dayjs's month names and 1.234,56 grouping", async () => {
    const page = await signedIn("admin@globex.test", "/invoices");
    await chooseOption(page, "Language", "Español", "");
    await expect.poll(() => page.getByText(/^\d{1,3}(\.\d{3})+,\d{2}\s€$/).count()).toBeGreaterThan(0);
    // antd's pagination and the date picker in Spanish
    await expect.poll(() => page.getByText("/ página").count()).toBeGreaterThan(0);
    await navigate(page, "/invoices/new");
    const date = page.getByRole("textbox").and(page.locator("#root_date"));
    await date.click();
    await expect.poll(() => page.locator(".ant-picker-dropdown:visible").textContent()).toMatch(/Hoy/);
    await expect.poll(() => page.locator(".ant-picker-dropdown:visible").textContent()).toMatch(/Lun\s*Mar\s*Mié/);
    await shots(page, "form-spanish-datepicker");
    await page.keyboard.press("Escape");
    await navigate(page, "/invoices");
    await shots(page, "list-spanish");
    await chooseOption(page, "Idioma", "English", "");
  });
});

describe("navigation", () => {
  test("the sider: areas in collapsible groups, the role's first; a quick search over entries and records", async () => {
    const page = await signedIn("staff@acme.test", "/");
    const groups = page.locator(".ant-menu-submenu-title");
    await expect.poll(() => groups.first().textContent()).toBe("Expenses");
    await shots(page, "sider-staff", openMenu(page));

    const admin = await signedIn("admin@acme.test", "/");
    const search = admin.getByRole("searchbox", { name: "Search menu and records" });
    await search.fill("pay bi");
    await expect.poll(() => admin.locator(".ant-menu-item", { hasText: "Pay Bills" }).count()).toBe(1);
    expect(await admin.locator(".ant-menu-item", { hasText: "Journal" }).count()).toBe(0);
    await shots(admin, "sider-search", openMenu(admin));
    await admin.locator(".ant-menu-item", { hasText: "Pay Bills" }).click();
    await admin.waitForURL(/\/invoices_pay_bills/);
    // records by number
    const invoice = (await (await apiAs("admin@acme.test")).get<{ data: { id: number; number: string }[] }>("/api/invoices?_limit=1")).body.data[0];
    await search.fill(invoice.number);
    const found = admin.locator(".ant-menu-item", { hasText: invoice.number }).first();
    await found.waitFor();
    await found.click();
    await admin.waitForURL(new RegExp(`/invoices/${invoice.id}$`));
  });

  test("each screen names the tab; a record's pages carry breadcrumbs from its list", async () => {
    const page = await signedIn("admin@acme.test", "/invoices");
    await expect.poll(() => page.title()).toBe("Invoices · Outlay");
    const invoice = (await (await apiAs("admin@acme.test")).get<{ data: { id: number; number: string }[] }>("/api/invoices?_limit=1")).body.data[0];
    await navigate(page, `/invoices/${invoice.id}`);
    await expect.poll(() => page.title()).toContain(`${invoice.number} · Outlay`);
    const crumbs = page.locator(".ant-breadcrumb");
    await expect.poll(() => crumbs.textContent()).toBe(`Invoices/${invoice.number}`);
    await page.locator(".ant-card").first().waitFor();
    await shots(page, "show-breadcrumbs");
    await navigate(page, `/invoices/${invoice.id}/edit`);
    await expect.poll(() => crumbs.textContent()).toContain(invoice.number);
    await page.getByLabel("Number", { exact: true }).waitFor();
    await shots(page, "edit-breadcrumbs");
    await crumbs.getByRole("link", { name: "Invoices" }).click();
    await page.waitForURL(/\/invoices$/);
  });
});
