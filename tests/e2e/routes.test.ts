/**
 * Every route of the manifest, visited in one browser page as an administrator: no error
 * notification, no 'Not Authorized', no failed API call, no uncaught error, and a page with content.
 * A route the administrator's role does not open (the role matrix keeps e.g. `root` for super
 * administrators) must show 'Not Authorized' instead, and is listed in the test's name.
 * Navigation is client-side (history + popstate), so the session and the loaded bundle are reused.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { manifestRoutes } from "../../src/framework/manifest.js";
import { canOpen } from "../../src/framework/permissions.js";
import { apiAs, urlFor } from "./api.js";
import { cspViolations, login, navigate, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

/** Shots of the declared pages and a few generated ones, to look at (test-results/screenshots). */
const shots: Record<string, string> = {
  "/dashboard": "dashboard-admin",
  "/dashboard/receiving": "dashboard-receiving",
  "/settings": "settings",
  "/user_profile": "user-profile",
  "/contacts/:contactID/permissions": "contact-permissions",
  "/purchase_orders/:purchaseOrderID": "purchase-order-show",
  "/invoices_all": "invoices-all",
  "/invoices/:invoiceID/approval": "invoice-approval",
  "/accrual_blasts/new/:accrualBlastID/:accrual_option": "accrual-blast-duplicate",
  "/log_new_receipt": "log-new-receipt",
  "/payments/dashboard": "dashboard-payments",
  "/dashboard/accruals": "dashboard-accruals",
  "/accruals": "accruals-list",
  "/vendors/:vendorID": "vendor-show",
};

/** Wait until the page has settled: no request in flight, no spinner, and the content area shows text. */
async function settled(page: Page, inFlight: () => number): Promise<string> {
  let text = "";
  await expect.poll(async () => {
    if (inFlight() > 0) return false;
    const state = await page.evaluate(() => ({
      spinning: document.querySelectorAll(".ant-layout-content .ant-spin-spinning, .ant-skeleton-active").length,
      text: (document.querySelector(".ant-layout-content") as HTMLElement | null)?.innerText.trim() ?? "",
    }));
    text = state.text;
    return state.spinning === 0 && state.text.length > 0;
  }, { timeout: 15_000, interval: 100 }).toBe(true);
  return text;
}

describe("every route of the manifest", () => {
  const routes = manifestRoutes(resources, pages);

  it(`opens all ${routes.length} routes as an administrator`, async () => {
    const api = await apiAs("admin@acme.test");
    // what the server says the administrator holds, checked with the client's rule
    const closed = routes.filter((r) => !canOpen(api.user, r)).map((r) => r.path);
    console.info(`routes the administrator's role does not open (expected 'Not Authorized'): ${closed.join(", ") || "none"}`);
    const rows = new Map();
    const page = await newPage(browser());
    let inFlight = 0;
    let current = "login";
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(`${current}: uncaught ${error.message}`));
    page.on("request", (r) => { if (r.url().includes("/api/")) inFlight++; });
    page.on("requestfinished", (r) => { if (r.url().includes("/api/")) inFlight--; });
    page.on("requestfailed", (r) => { if (r.url().includes("/api/")) inFlight--; });
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() >= 400) failures.push(`${current}: ${r.request().method()} ${r.url()} → ${r.status()}`);
    });
    await login(page, "admin@acme.test", "/dashboard");

    const empty: string[] = [];
    for (const route of routes) {
      const url = await urlFor(route, api, rows);
      // a record route of a resource with no rows in the demo data (e.g. the jobs list) has no record to open
      if (route.idParam && route.resource && !closed.includes(route.path) && rows.has(route.resource) && rows.get(route.resource) === undefined) {
        empty.push(route.path);
        continue;
      }
      current = `${route.path} (${url})`;
      await navigate(page, url);
      expect(new URL(page.url()).pathname, current).toBe(url.split("?")[0]);
      const text = await settled(page, () => inFlight).catch(() => "");
      const refused = closed.includes(route.path);
      if (!text) failures.push(`${current}: blank page`);
      if (refused !== /Not Authorized/.test(text)) failures.push(`${current}: ${refused ? "not refused" : "Not Authorized"}`);
      if (/page you visited does not exist|Oops\.\.\./.test(text)) failures.push(`${current}: ${text.slice(0, 80)}`);
      // the refusal's notice opens from an effect, possibly after the page settled: wait for it, so it
      // is closed here and not counted against the next route
      if (refused) await page.locator(".ant-notification-notice-error").first().waitFor();
      const errors = await page.locator(".ant-notification-notice-error").allInnerTexts();
      if (errors.length && !(refused && errors.every((e) => e.includes("Not Authorized")))) failures.push(`${current}: error notification ${errors.join(" | ")}`);
      if (errors.length) {
        await page.evaluate(() => document.querySelectorAll(".ant-notification-notice-error .ant-notification-notice-close").forEach((b) => (b as HTMLElement).click()));
        await page.locator(".ant-notification-notice-error").first().waitFor({ state: "detached" });
      }
      if (shots[route.path]) await screenshot(page, `route-${shots[route.path]}`);
    }
    console.info(`record routes without a record in the demo data: ${empty.join(", ") || "none"}`);
    expect(empty.filter((path) => !path.startsWith("/jobs/"))).toEqual([]);
    expect(failures).toEqual([]);
    // every page ran under the server's Content-Security-Policy without a violation
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  }, 600_000);
});
