/**
 * Receipts are files (issue 15 gap, issue 17): staff@acme.test opens their own expense item, takes the
 * receipt with the phone camera input (accept image/*,application/pdf, capture environment) on a
 * 390 px window, and sees it in the document pane; the item then says a receipt is attached. And from
 * the report's page, a receipt per line in the line grid's receipt cell.
 */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { png } from "./files.js";
import { expectPlainWords } from "./page-text.js";

const { browser } = useBrowser();


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

describe("a receipt per line of an expense report", () => {
  it("the employee attaches a receipt to one line from the report's page on a phone; the line's cell names it", async () => {
    const staff = await apiAs("staff@acme.test");
    const items = await staff.get<{ data: { id: number; merchant: string; expense_report_id: number | null }[] }>("/api/expense_items?status=NEW&status=DRAFT&status=REJECTED&receipt_attached=false&_end=200");
    const item = items.body.data.find((i) => i.expense_report_id !== null);
    expect(item).toBeDefined();

    const page = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, "staff@acme.test", `/expense_report/${item!.expense_report_id}`);
    const line = page.locator("[data-lines=expense_items] tr[data-row-key]", { hasText: item!.merchant }).first();
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    const attach = line.locator("input[type=file]");
    await expect.poll(() => attach.getAttribute("accept")).toBe("image/*,application/pdf");
    await screenshot(page, "line-receipt-before-390");
    await attach.setInputFiles({ name: "line-receipt.png", mimeType: "image/png", buffer: png });
    await line.getByRole("button", { name: "line-receipt.png" }).waitFor();
    await expect.poll(async () => (await staff.get<{ data: { receipt_attached: boolean } }>(`/api/expense_items/${item!.id}`)).body.data.receipt_attached).toBe(true);
    await expectPlainWords(page, "expense report with a line's receipt");
    await screenshot(page, "line-receipt-attached-390");
    // the name opens the receipt
    await line.getByRole("button", { name: "line-receipt.png" }).click();
    await page.locator(".ant-modal img[alt='line-receipt.png']").waitFor();
    await page.locator(".ant-modal-close").click();
    await page.locator(".ant-modal img").waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, "line-receipt-attached-1440");
    await page.context().close();
  });
});
