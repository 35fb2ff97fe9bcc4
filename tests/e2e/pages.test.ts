/**
 * Declared pages and the grid in the browser: dashboards per role (root-route rules of spec 2.1),
 * a count widget leading to its filtered list, company settings (read-only without the edit key,
 * saved with it), the user profile's language switch, a contact's permissions, grid rows of 25 px and
 * a composite status filter.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
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
    await page.locator(".ant-table-row").first().waitFor();
    const statuses = await page.locator(".ant-table-row .ant-tag").allTextContents();
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
    await expect.poll(() => page.locator(".ant-table-row").count()).toBe(1);
    await page.locator(".ant-table-row a").first().click();
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
    await page.locator(".ant-table-row").nth(5).waitFor();
    const heights = await page.locator(".ant-table-row").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(25);
    expect(Math.max(...heights)).toBeLessThan(27);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("combobox", { name: "Status", exact: true }).click();
    await page.locator(".ant-select-item-option", { hasText: "Payable" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(async () => new Set(await page.locator(".ant-table-row .ant-tag").allTextContents())).toEqual(new Set(["Approved", "Open"]));
    await screenshot(page, "grid-filter-payable");
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
