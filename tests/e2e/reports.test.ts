/**
 * A report in the browser (issue 16): created with its template and format, switched on, run now,
 * and its file downloaded from the report's page; screenshots at 1440 and 390 px.
 */
import fs from "node:fs";
import type { Page } from "playwright";
import { describe, expect, it } from "vitest";
import { cspViolations, screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

/** The select of a required field is named with its asterisk: found by the form's field id. */
async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.locator(`#root_${field}`).click({ force: true });
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).first().click();
}

describe("reports", () => {
  it("creates an AP aging report, runs it now and downloads the CSV from its page", async () => {
    const page = await signedIn("admin@acme.test", "/reports/create");
    await page.setViewportSize({ width: 1440, height: 900 });
    const name = `Aging ${Date.now()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await choose(page, "template", "AP Aging");
    await choose(page, "export_format", "CSV");
    await screenshot(page, "report-create");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/reports\/\d+$/);

    await page.getByRole("button", { name: "Activate" }).click();
    await page.getByRole("button", { name: "Run now" }).click();
    const row = page.locator("tr[data-row-key]", { hasText: /\.csv/ });
    await row.waitFor();
    await screenshot(page, "report-run");

    const [saved] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Download" }).click()]);
    expect(saved.suggestedFilename()).toMatch(new RegExp(`^${name} \\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = fs.readFileSync((await saved.path())!, "utf8");
    expect(text.startsWith("\uFEFFVendor,Number,Due Date")).toBe(true);
    expect(text).toMatch(/\r\nTotal USD,/);

    // on a phone: the report's page loaded afresh, down to its files
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(page.url()).pathname);
    await row.waitFor();
    await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 400));
    await screenshot(page, "report-run-390");
    expect(cspViolations(page)).toEqual([]);
  });
});
