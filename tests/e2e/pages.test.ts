/**
 * Declared pages and the grid in the browser: dashboards per role (root-route rules of spec 2.1),
 * a count widget leading to its filtered list, company settings (read-only without the edit key,
 * saved with it), the user profile's language switch, a contact's permissions, grid rows of 25 px,
 * a composite status filter, and the list table's sorting, column picker, selection, page size, empty
 * state and phone cards.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { resources, resourceByName } from "../../resources/index.js";
import { pathParams, routesOf } from "../../src/framework/resource.js";
import { propertiesOf } from "../../src/framework/schema.js";
import { duplicateOf, pathFor } from "../../src/client/registry.js";
import { apiAs, approvalOfType } from "./api.js";
import { screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

describe("dashboards", () => {
  it("chooses the dashboard by role from the root route", async () => {
    const receiving = await signedIn("receiving@acme.test");
    await receiving.waitForURL(/\/dashboard\/receiving$/);
    await heading(receiving, "Receiving Dashboard").waitFor();
    await expect.poll(() => receiving.getByText("POs to Receive").count()).toBe(1);
    await screenshot(receiving, "dashboard-receiving-rcv_manager");

    const po = await signedIn("po@acme.test");
    await po.waitForURL(/\/dashboard$/);
    await heading(po, "Purchase Order Dashboard").waitFor();
    await expect.poll(() => po.locator(".ant-statistic").count()).toBe(3);
    await po.getByRole("list", { name: "Purchase orders by status" }).waitFor();
    await screenshot(po, "dashboard-po_manager");

    const staff = await signedIn("staff@acme.test");
    await heading(staff, "My Dashboard").waitFor();
    await screenshot(staff, "dashboard-staff");
  });

  it("leads from a count to the list it counts", async () => {
    const page = await signedIn("admin@acme.test", "/dashboard");
    const card = page.locator(".ant-card", { hasText: "New invoices" });
    await expect.poll(async () => Number((await card.locator(".ant-statistic-content-value").textContent())?.replace(/\D/g, "") || 0)).toBeGreaterThan(0);
    const count = Number((await card.locator(".ant-statistic-content-value").textContent())!.replace(/\D/g, ""));
    await card.click();
    await page.waitForURL(/\/invoices\?/);
    await page.locator("tr[data-row-key]").first().waitFor();
    const statuses = await page.locator("tr[data-row-key] .ant-tag").allTextContents();
    expect(new Set(statuses)).toEqual(new Set(["New"]));
    expect(statuses.length).toBe(Math.min(count, 25));
  });
});

describe("company settings", () => {
  it("is read-only without the edit key", async () => {
    const page = await signedIn("readonly@acme.test", "/settings");
    await heading(page, "Company Settings").waitFor();
    await expect.poll(() => page.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
  });

  it("saves the company's settings with the companies form", async () => {
    const api = await apiAs("admin@acme.test");
    const page = await signedIn("admin@acme.test", "/settings");
    const flag = page.getByLabel("Crypto Currency Support", { exact: true });
    await flag.waitFor();
    const before = await flag.isChecked();
    await expect.poll(() => page.getByLabel("Receiving", { exact: true }).isChecked()).toBe(true);
    await screenshot(page, "settings-admin");
    await flag.click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".ant-notification-notice-success", { hasText: "Saved" }).waitFor();
    const company = await api.get<{ data: { crypto_currency_support: boolean; module_settings: Record<string, boolean> } }>(`/api/companies/${api.companyId}`);
    expect(company.body.data.crypto_currency_support).toBe(!before);
    expect(company.body.data.module_settings.receipts_active).toBe(true);
    await flag.click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await api.get<{ data: { crypto_currency_support: boolean } }>(`/api/companies/${api.companyId}`)).body.data.crypto_currency_support).toBe(before);
  });
});

describe("user pages", () => {
  it("shows the profile and switches the language", async () => {
    const page = await signedIn("ap@acme.test", "/dashboard");
    await page.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(/\/user_profile$/);
    await expect.poll(() => page.locator(".ant-descriptions").innerText()).toContain("ap@acme.test");
    expect(await page.locator(".ant-descriptions").innerText()).toContain("Accounts payable");
    await page.locator(".ant-descriptions .ant-select").click();
    await page.locator(".ant-select-item-option", { hasText: "Español" }).click();
    await heading(page, "Perfil de usuario").waitFor();
    await page.locator(".ant-descriptions .ant-select").click();
    await page.locator(".ant-select-item-option", { hasText: "English" }).click();
    await heading(page, "User Profile").waitFor();
  });

  it("shows a contact's role and permission keys from its page", async () => {
    const page = await signedIn("admin@acme.test", "/contacts");
    await page.getByPlaceholder("Search", { exact: true }).fill("ap@acme.test");
    await page.getByPlaceholder("Search", { exact: true }).press("Enter");
    await expect.poll(() => page.locator("tr[data-row-key]").count()).toBe(1);
    await page.locator("tr[data-row-key] a").first().click();
    await page.getByRole("button", { name: "Permissions" }).click();
    await page.waitForURL(/\/contacts\/\d+\/permissions$/);
    await expect.poll(() => page.locator(".ant-descriptions").innerText()).toContain("Accounts payable");
    expect(await page.locator(".ant-tag", { hasText: /^listInvoices$/ }).count()).toBe(1);
    expect(await page.locator(".ant-tag", { hasText: /^deleteInvoices$/ }).count()).toBe(0);
  });
});

describe("the grid", () => {
  it("has 25 px rows and filters on a composite status", async () => {
    const page = await signedIn("admin@acme.test", "/invoices");
    await page.locator("tr[data-row-key]").nth(5).waitFor();
    const heights = await page.locator("tr[data-row-key]").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(25);
    expect(Math.max(...heights)).toBeLessThan(27);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("combobox", { name: "Status", exact: true }).click();
    await page.locator(".ant-select-item-option", { hasText: "Payable" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(async () => new Set(await page.locator("tr[data-row-key] .ant-tag").allTextContents())).toEqual(new Set(["Approved", "Open"]));
    await screenshot(page, "grid-filter-payable");
  });

  it("sorts by a header, hides a column, keeps a selection with its totals, changes the page size, says when nothing is found and lays rows out as cards on a phone", async () => {
    const page = await signedIn("admin@acme.test", "/invoices");
    const rows = page.locator("tbody tr[data-row-key]");
    await rows.nth(5).waitFor();
    const settled = () => page.locator(".ant-spin-spinning").count();
    const header = page.getByRole("columnheader", { name: "Amount", exact: true });
    const amounts = async () => (await rows.locator("td:nth-child(7)").allInnerTexts()).map((text) => Number(text.replace(/[^\d.-]/g, "")));
    const query = () => decodeURIComponent(new URL(page.url()).search);
    const inOrder = async (order: 1 | -1) => {
      const shown = await amounts();
      return shown.every((amount, i) => i === 0 || (amount - shown[i - 1]!) * order >= 0);
    };

    // a click sorts ascending, a key press descending, a third click unsorts: on the server, in the URL, in aria-sort
    const before = await amounts();
    await header.getByRole("button").click();
    await expect.poll(query).toContain("sorters[0][field]=amount&sorters[0][order]=asc");
    await expect.poll(() => inOrder(1)).toBe(true);
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    expect(await amounts()).not.toEqual(before);
    await header.getByRole("button").press("Enter");
    await expect.poll(query).toContain("sorters[0][field]=amount&sorters[0][order]=desc");
    await expect.poll(() => inOrder(-1)).toBe(true);
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    await header.getByRole("button").click();
    await expect.poll(query).not.toContain("amount");
    expect(await header.getAttribute("aria-sort")).toBeNull();
    await expect.poll(settled).toBe(0);

    // a column hidden and shown again from the column picker
    await page.getByRole("button", { name: /Columns$/ }).click();
    const vendorColumn = page.getByRole("checkbox", { name: "Vendor", exact: true });
    await vendorColumn.uncheck();
    await expect.poll(() => page.getByRole("columnheader", { name: "Vendor", exact: true }).count()).toBe(0);
    await screenshot(page, "grid-column-picker");
    await vendorColumn.check();
    await expect.poll(() => page.getByRole("columnheader", { name: "Vendor", exact: true }).count()).toBe(1);
    await page.keyboard.press("Escape");

    // two rows selected: their total under the table, the page's checkbox half checked
    const first = await rows.nth(0).locator("td:nth-child(2)").innerText();
    await page.getByRole("checkbox", { name: `Select ${first}`, exact: true }).check();
    await rows.nth(1).getByRole("checkbox").check();
    await expect.poll(() => page.locator("tfoot").innerText()).toMatch(/2 selected\s+Amount: \$[\d,]+\.\d\d/);
    const pageBox = page.getByRole("checkbox", { name: "Select the rows of this page", exact: true });
    expect(await pageBox.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await pageBox.check();
    await expect.poll(() => page.locator("tfoot").innerText()).toContain(`${await rows.count()} selected`);
    await pageBox.uncheck();
    await expect.poll(() => page.locator("tfoot").count()).toBe(0);

    // 50 rows a page; the pages are links to their URLs
    expect(await rows.count()).toBe(25);
    await page.locator(".ant-select", { has: page.getByRole("combobox", { name: "Rows per page", exact: true }) }).click();
    await page.locator(".ant-select-item-option", { hasText: "50 / page" }).click();
    await expect.poll(() => rows.count()).toBe(50);
    expect(query()).toContain("pageSize=50");
    await screenshot(page, "grid-50-rows");
    const pages = page.getByRole("navigation", { name: "Pages", exact: true });
    const second = pages.getByRole("link", { name: "2", exact: true });
    expect(decodeURIComponent((await second.getAttribute("href"))!)).toMatch(/currentPage=2.*pageSize=50|pageSize=50.*currentPage=2/);
    const topOfFirst = await rows.first().locator("td:nth-child(2)").innerText();
    await second.click();
    await expect.poll(query).toContain("currentPage=2");
    await expect.poll(() => rows.first().locator("td:nth-child(2)").innerText()).not.toBe(topOfFirst);
    expect(await pages.locator("[aria-current=page]").innerText()).toBe("2");

    // nothing found
    await page.getByPlaceholder("Search", { exact: true }).fill("no invoice has this number");
    await page.getByPlaceholder("Search", { exact: true }).press("Enter");
    await page.locator(".ant-empty", { hasText: "No data" }).waitFor();
    expect(await rows.count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Pages", exact: true }).count()).toBe(0);
    await screenshot(page, "grid-empty");

    // a phone: one card a row, no header, nothing wider than the window
    await page.getByPlaceholder("Search", { exact: true }).fill("");
    await page.getByPlaceholder("Search", { exact: true }).press("Enter");
    await rows.nth(5).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.locator("thead").count()).toBe(0);
    expect(await rows.first().locator("td").count()).toBe(2);
    expect(await rows.first().innerText()).toMatch(/\$[\d,]+\.\d\d/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // the menu folds away as the window narrows: shot once it has
    await page.locator(".ant-layout-sider-collapsed").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "grid-cards-390");
  });
});

/**
 * The route kinds beyond list/show/create/edit, on whichever resources declare them: a create form
 * prefilled from a query parameter its view maps, a duplicate, an approval screen. Skipped while the
 * registry declares none.
 */
describe("route kinds", () => {
  const entries = resources.flatMap(routesOf);
  const prefilled = entries.find((e) => e.page === "create" && !pathParams(e.path).length
    && Object.values(e.view?.params ?? {}).some((key) => propertiesOf(e.resource)[key]?.["x-references"]));
  const duplicate = entries.find((e) => e.page === "duplicate");
  const approval = entries.find((e) => e.page === "approval");

  it.skipIf(!prefilled)(`prefills a create form from the query (${prefilled?.path})`, async () => {
    const [param, field] = Object.entries(prefilled!.view!.params!).find(([, key]) => propertiesOf(prefilled!.resource)[key]?.["x-references"])!;
    const target = resourceByName.get(propertiesOf(prefilled!.resource)[field]["x-references"]!)!;
    const api = await apiAs("admin@acme.test");
    const row = (await api.get<{ data: Record<string, unknown>[] }>(`/api/${target.name}?_end=1`)).body.data[0];
    const page = await signedIn("admin@acme.test", `${prefilled!.path}?${param}=${String(row.id)}`);
    await expect.poll(() => page.locator("form").innerText()).toContain(String(row[target.title]));
    await screenshot(page, "route-kind-create-prefilled");
  });

  it.skipIf(!duplicate)(`opens a duplicate as a new record with the original's values (${duplicate?.path})`, async () => {
    const api = await apiAs("admin@acme.test");
    const row = (await api.get<{ data: Record<string, unknown>[] }>(`/api/${duplicate!.resource.name}?_end=1`)).body.data[0];
    const page = await signedIn("admin@acme.test", pathFor(duplicate!.path, row.id as number, row));
    const title = page.getByRole("heading", { level: 3 });
    await expect.poll(() => title.innerText()).toMatch(/^(Duplicate|.*duplicate)/i);
    const text = Object.values(duplicateOf(duplicate!.resource, row)).find((v) => typeof v === "string" && v && !/^\d{4}-\d{2}-\d{2}$/.test(v));
    expect(text, "a text field to compare").toBeDefined();
    await expect.poll(() => page.locator("form input").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain(text);
    await screenshot(page, "route-kind-duplicate");
  });

  it.skipIf(!approval)(`shows the record under its approval title (${approval?.path})`, async () => {
    const api = await apiAs("admin@acme.test");
    // a record screen addressed by approval id shows the approval's record
    const byApproval = approval!.idParam === "approvalID" ? await approvalOfType(approval!.resource, api) : undefined;
    const row = byApproval?.record ?? (await api.get<{ data: Record<string, unknown>[] }>(`/api/${approval!.resource.name}?_end=1`)).body.data[0];
    const page = await signedIn("admin@acme.test", pathFor(approval!.path, (byApproval?.approval.id ?? row.id) as number, row));
    await expect.poll(() => page.getByRole("heading", { level: 3 }).first().innerText()).toContain(String(row[approval!.resource.title]));
    await screenshot(page, "route-kind-approval");
  });
});
