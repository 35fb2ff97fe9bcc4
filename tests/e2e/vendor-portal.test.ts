/**
 * The vendor portal in the browser (product spec 2.3, docs/portal.md): the demo vendor signs in and
 * lands on the portal home, every portal page renders with no console error, the invoice status
 * filter changes the rows, an invoice shows its payments, the purchaser switcher lists the login's
 * companies, and a staff page is refused. Screenshots of every page at 1440 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { portalSections } from "../../src/client/portal/sections.js";
import { apiAs, type Api } from "./api.js";
import { login, navigate, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();
const email = "vendor@northwind.test";
type Row = { id: number; status?: string; number?: string };

let api: Api;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  api = await apiAs(email);
  page = await newPage(browser());
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(async () => {
  await page?.context().close();
});

const heading = (name: string) => page.getByRole("heading", { name, exact: true, level: 3 });
const rowCount = () => page.locator("tbody tr[data-row-key]").count();
async function firstOf(resource: string): Promise<Row> {
  const { status, body } = await api.get<{ data: Row[] }>(`/api/portal/${resource}?_start=0&_end=1`);
  expect(status).toBe(200);
  return body.data[0]!;
}

/**
 * Every portal page (product spec 2.3) with the name of its screenshots: the sections' lists and a
 * record of each (a payment whose invoice also had a vendor credit, so that its remittance shows one),
 * the purchasers, the settings tabs, the profile, the contacts alias, an open request's answer form, the home.
 */
async function portalPages(): Promise<[string, string][]> {
  const pages: [string, string][] = portalSections.map((s) => [`/vendor_portal/${s.key}`, `portal-${s.key}`]);
  pages.push(["/vendor_portal/purchasers", "portal-purchasers"], [`/vendor_portal/purchasers/${api.companyId}`, "portal-purchaser"]);
  const links = (await api.get<{ data: { invoice_id: number; payment_id: number; vendor_credit: unknown; payment: unknown }[] }>("/api/portal/invoice_payment_links?_start=0&_end=1000")).body.data;
  const credited = new Set(links.filter((l) => l.vendor_credit).map((l) => l.invoice_id));
  const remitted = links.find((l) => l.payment && credited.has(l.invoice_id));
  for (const section of portalSections.filter((s) => s.detail)) {
    const row = section.key === "payments" && remitted ? { id: remitted.payment_id } : await firstOf(section.resource);
    if (row) pages.push([`/vendor_portal/${section.key}/${row.id}`, `portal-${section.key}-show`]);
  }
  pages.push(...["general", "payment", "tax"].map((tab): [string, string] => [`/vendor_portal/settings/${tab}`, `portal-settings-${tab}`]));
  pages.push(["/vendor_portal/user_profile", "portal-user-profile"], ["/vendor_portal/contacts", "portal-contacts"]);
  const open = await api.get<{ data: Row[] }>("/api/portal/invoice_requests?_start=0&_end=1&status=SENT&has_token=ACTIVE");
  if (open.body.data[0]) pages.push([`/vendor_portal/submit_invoice/${open.body.data[0].id}`, "portal-submit-invoice"]);
  const waiting = await api.get<{ data: Row[] }>("/api/portal/accrual_requests?_start=0&_end=1&status=SENT");
  if (waiting.body.data[0]) pages.push([`/vendor_portal/submit_accrual/${waiting.body.data[0].id}`, "portal-submit-accrual"]);
  pages.push(["/vendor_portal", "portal-home"]);
  return pages;
}

/** Client-side navigation (from the home, where the login landed) to a page, settled: its data there, nothing refused. */
async function visit(path: string): Promise<void> {
  await navigate(page, path);
  await page.locator(".ant-layout-content h3").first().waitFor();
  await expect.poll(() => page.locator(".ant-spin-spinning, .ant-spin-blur, .ant-table-placeholder .ant-empty-description:has-text('Loading')").count(), { message: path }).toBe(0);
  // a table that has just loaded fades in: shot once it has
  await page.waitForTimeout(300);
  expect(await page.getByText("Not Authorized").count(), path).toBe(0);
  expect(await page.getByText("404").count(), path).toBe(0);
}

describe("vendor portal", () => {
  it("signs the vendor in to the portal home", async () => {
    await login(page, email);
    await page.waitForURL(/\/vendor_portal$/);
    await heading("Vendor portal").waitFor();
    await page.getByText("Needs your attention").waitFor();
    await page.getByText("Recent payments").waitFor();
    // the portal's own menu, not the staff one
    await page.getByRole("menuitem", { name: "Invoice Requests" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Vendors" }).count()).toBe(0);
    await expect.poll(() => page.locator(".ant-statistic-content-value").filter({ hasText: "…" }).count()).toBe(0);
    await screenshot(page, "portal-home-1440");
  });

  it("renders every portal page", async () => {
    const pages = await portalPages();
    expect(pages.length).toBeGreaterThan(18);
    for (const [path, name] of pages) {
      await visit(path);
      await screenshot(page, `${name}-1440`);
    }
    expect(errors).toEqual([]);
  });

  it("filters invoices by the portal's statuses", async () => {
    const count = async (query: string) => (await api.get<{ meta: { total: number } }>(`/api/portal/invoices?_start=0&_end=1${query}`)).body.meta.total;
    const all = await count("");
    const paid = await count("&status=PAID");
    expect(all).toBeGreaterThan(paid);
    await navigate(page, "/vendor_portal/invoices");
    await heading("Invoices").waitFor();
    await expect.poll(rowCount).toBe(Math.min(all, 25));
    await screenshot(page, "portal-invoices-1440");
    await page.locator(".ant-segmented-item", { hasText: "Paid" }).click();
    await page.waitForURL(/status=PAID/);
    await expect.poll(rowCount).toBe(Math.min(paid, 25));
    const tags = await page.locator("tbody td .ant-tag").allTextContents();
    expect(tags.filter((t) => t === "Paid").length).toBeGreaterThanOrEqual(Math.min(paid, 25));
    await page.locator(".ant-segmented-item", { hasText: "All" }).click();
    await expect.poll(rowCount).toBe(Math.min(all, 25));
  });

  it("shows an invoice with its payment status", async () => {
    const { body } = await api.get<{ data: Row[] }>("/api/portal/invoices?status=PAID&_start=0&_end=1");
    const invoice = body.data[0] ?? (await firstOf("invoices"));
    await navigate(page, "/vendor_portal");
    await page.getByRole("menuitem", { name: "Invoices" }).click();
    await heading("Invoices").waitFor();
    await page.getByRole("link", { name: invoice.number!, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/vendor_portal/invoices/${invoice.id}$`));
    await heading(`Invoice ${invoice.number}`).waitFor();
    await page.locator(".ant-descriptions-item-label", { hasText: "Balance" }).first().waitFor();
    // its payments, each with the amount it applied: together what the invoice shows paid
    const read = await api.get<{ data: Row & { payments_sum: string } }>(`/api/portal/invoices/${invoice.id}`);
    const paid = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(read.body.data.payments_sum));
    const payments = page.locator(".ant-card", { has: page.locator(".ant-card-head-title", { hasText: "Payments" }) });
    await payments.locator(".ant-table-summary", { hasText: "Total applied" }).getByText(paid).waitFor();
    await screenshot(page, "portal-invoice-1440");
    expect(errors).toEqual([]);
  });

  it("lists the login's purchasers in the switcher", async () => {
    const companies = api.user as unknown as { companies: { id: number; name: string }[]; company: { name: string } };
    const switcher = page.locator('.ant-layout-header .ant-select[aria-label="Purchaser"]');
    await switcher.click();
    for (const company of companies.companies) await page.locator(".ant-select-item-option", { hasText: company.name }).waitFor();
    await page.keyboard.press("Escape");
    if (companies.companies.length > 1) {
      const other = companies.companies.find((c) => c.name !== companies.company.name)!;
      const before = await page.locator(".ant-layout-content").textContent();
      await switcher.click();
      await page.locator(".ant-select-item-option", { hasText: other.name }).click();
      await page.waitForLoadState("load");
      await expect.poll(() => page.locator(".ant-layout-content").textContent()).not.toBe(before);
    } else {
      expect(companies.companies).toHaveLength(1);
    }
  });

  it("refuses a staff page to the vendor", async () => {
    await navigate(page, "/invoices");
    await page.getByText("Not Authorized").first().waitFor();
    // the API call the staff page would make is refused too
    expect((await api.get("/api/invoices")).status).toBe(403);
    // the refusal's notification and failed call are the expected ones
    for (const close of await page.locator(".ant-notification-notice-close").all()) await close.click();
    await expect.poll(() => page.locator(".ant-notification-notice").count()).toBe(0);
    errors.length = 0;
  });

  it("fits a phone (390 px) on every page", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // the menu folds away as the window narrows: shots once it has
    await page.locator(".ant-layout-sider-collapsed").waitFor();
    await page.waitForTimeout(300);
    for (const [path, name] of await portalPages()) {
      await visit(path);
      // nothing wider than the screen but the tables' own scroll areas
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await screenshot(page, `${name}-390`);
    }
    expect(errors).toEqual([]);
  });
});
