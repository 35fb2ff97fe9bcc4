/**
 * Issue 28: a Spanish reader sees no English, neither the app's nor antd's own words: the pager and
 * its page sizes, an empty list, a date picker and a confirmation's buttons (antd's locale follows the
 * language, the app's texts come from i18next).
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

/** antd's English words (its en_US locale) and the app's English fallbacks a Spanish page must not show */
const english = [/\/ page\b/, /\bNo data\b/, /\bNo records\b/, /\bToday\b/, /\bSelect date\b/, /\bItems per page\b/, /\bCancel\b/, /\bOK\b/, /\bPrevious page\b/, /\bNext page\b/, /\bRows per page\b/, /\bSearch\b/];

/** What a reader sees and what a screen reader says: the visible text and the named controls. */
const wordsOf = (page: Page) => page.evaluate(() => {
  const labels = [...document.querySelectorAll("[aria-label], [placeholder], [title]")]
    .map((e) => [e.getAttribute("aria-label"), e.getAttribute("placeholder"), e.getAttribute("title")].filter(Boolean).join(" "));
  return `${document.body.innerText}\n${labels.join("\n")}`;
});

const englishIn = (text: string) => english.filter((word) => word.test(text)).map(String);

describe("in Spanish", () => {
  it("the list, its pager and page sizes, an empty list, a date picker and a confirmation show no English", async () => {
    const page = await signedIn("admin@acme.test", "/");
    await page.evaluate(() => localStorage.setItem("outlay.language", "es"));
    await page.goto("/invoices");
    await page.locator("tr[data-row-key]").nth(2).waitFor();
    await page.locator(".dt-pager-size .ant-select").click();
    await page.locator(".ant-select-item-option", { hasText: "50 / página" }).waitFor();
    expect(englishIn(await wordsOf(page))).toEqual([]);
    await page.keyboard.press("Escape");

    // an empty list: a search nothing matches
    await page.getByPlaceholder("Buscar", { exact: true }).fill("zzzz-nada-coincide");
    await page.getByPlaceholder("Buscar", { exact: true }).press("Enter");
    await expect.poll(() => page.locator("tr[data-row-key]").count()).toBe(0);
    await page.locator(".ant-empty").first().waitFor();
    expect(englishIn(await wordsOf(page))).toEqual([]);

    // a date picker open on a new invoice
    await page.goto("/invoices/new");
    await page.locator("input#root_date").click();
    await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").waitFor();
    expect(englishIn(await wordsOf(page))).toEqual([]);
    await page.keyboard.press("Escape");

    // a confirmation's buttons: leaving the form with unsaved changes asks first
    await page.locator("input#root_number").fill("ES-1");
    await page.getByRole("button", { name: "Cancelar" }).first().click();
    await page.locator(".ant-modal-confirm, .ant-popconfirm").first().waitFor();
    expect(englishIn(await wordsOf(page))).toEqual([]);
  });
});
