/**
 * Receipts are files (issue 15 gap, issue 17): staff@acme.test opens their own expense item, takes the
 * receipt with the phone camera input (accept image/*,application/pdf, capture environment) on a
 * 390 px window, and sees it in the document pane; the item then says a receipt is attached.
 */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { expectPlainWords } from "./page-text.js";

const { browser } = useBrowser();

/** A 1×1 PNG: what the camera hands over, as far as the server's type check goes. */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("an expense receipt from the phone camera", () => {
  it("the employee attaches a photo to their own item and sees it beside the item", async () => {
    const staff = await apiAs("staff@acme.test");
    const items = await staff.get<{ data: { id: number; merchant: string; receipt_attached: boolean }[] }>("/api/expense_items?status=NEW&status=DRAFT&receipt_attached=false&_end=1");
    const [item] = items.body.data;
    expect(item).toBeDefined();

    const page = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, "staff@acme.test", `/expense/${item.id}`);
    const camera = page.locator("input[type=file][capture=environment]");
    await expect.poll(() => camera.getAttribute("accept")).toBe("image/*,application/pdf");
    await screenshot(page, "receipt-before-390");
    await camera.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: png });
    const preview = page.getByTestId("document-preview");
    await preview.waitFor();
    expect(await preview.evaluate((e) => e.tagName)).toBe("IMG");
    await expect.poll(async () => (await staff.get<{ data: { receipt_attached: boolean } }>(`/api/expense_items/${item.id}`)).body.data.receipt_attached).toBe(true);
    await expectPlainWords(page, "expense item with its receipt");
    await screenshot(page, "receipt-attached-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "receipt-attached-1440");
    await page.context().close();
  });
});
