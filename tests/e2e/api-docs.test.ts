/** The API docs (Swagger UI at /api/docs) render under the server's Content-Security-Policy. */
import { describe, expect, it } from "vitest";
import { cspViolations, newPage, useBrowser } from "./browser.js";

const { browser } = useBrowser();

describe("API docs", () => {
  it("render the OpenAPI document without a Content-Security-Policy violation", async () => {
    const page = await newPage(browser());
    await page.goto("/api/docs");
    await expect.poll(() => page.locator(".swagger-ui .info .title").textContent(), { timeout: 15_000 }).toContain("Outlay API");
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});
