/** The public page of an outbound link: outside the signed-in shell, it shows the server's refusal. */
import { describe, expect, it } from "vitest";
import { cspViolations, newPage, useBrowser } from "./browser.js";

const { browser } = useBrowser();

describe("outbound link page", () => {
  it("refuses an unknown link with the server's reason, without asking to sign in", async () => {
    const page = await newPage(browser());
    await page.goto("/link/invoice_request/not-a-real-token");
    await expect.poll(() => page.locator(".ant-result-title").textContent(), { timeout: 15_000 }).toBe("This link is not valid.");
    await expect.poll(() => page.locator(".ant-result-subtitle").textContent()).toBe("Please ask the sender for a new link.");
    expect(new URL(page.url()).pathname).toBe("/link/invoice_request/not-a-real-token");
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});
