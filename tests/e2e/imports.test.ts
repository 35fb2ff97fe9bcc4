/**
 * A vendor import in the browser (issue 16): a CSV with three bad rows uploaded on /imports/new, the
 * preview naming their rows and fields, applied with the progress bar to the result, and the error
 * file downloaded with the three rows; screenshots at 1440 and 390 px.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cspViolations, screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

const stamp = Date.now();
const lines = ["Name,Email,Term Code,Phone"];
for (let i = 1; i <= 40; i++) lines.push(`E2E Supplier ${stamp}-${i},v${i}@e2e.test,NET 30,555-01${String(i).padStart(2, "0")}`);
lines[5] = ",blank@e2e.test,NET 30,";
lines[20] = `E2E Bad Mail ${stamp},not an e-mail,NET 30,`;
lines[33] = `E2E Bad Term ${stamp},term@e2e.test,NET 99,`;
const file = `${lines.join("\n")}\n`;

describe("imports", () => {
  it("uploads vendors, previews the bad rows, applies the rest and downloads the error file", async () => {
    const page = await signedIn("admin@acme.test", "/imports/new");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("combobox", { name: "Resource" }).click({ force: true });
    await page.keyboard.type("Vendors");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: /^Vendors$/ }).first().click();
    await page.locator(".ant-upload-drag input[type=file]").setInputFiles({ name: "vendors.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByText("vendors.csv").waitFor();
    await page.keyboard.press("Escape");
    await page.locator(".ant-select-dropdown:visible").waitFor({ state: "hidden" });
    const preview = page.getByRole("button", { name: "Preview" });
    await expect.poll(() => preview.isEnabled()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // the button's colour transition
    await screenshot(page, "import-upload");
    await preview.click();

    const errors = page.getByTestId("import-errors");
    await errors.waitFor();
    await expect.poll(() => errors.locator("tr[data-row-key]").allInnerTexts()).toEqual([
      "6\tName\tcan't be blank", "21\tEmail\tmust be an e-mail address", "34\tTerms\tis not one of the choices",
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "import-preview");

    await page.getByRole("button", { name: "Apply to 37 rows" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "OK" }).click();
    await page.getByText("37 rows written, 3 rows refused").waitFor({ timeout: 60_000 });
    expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    await page.getByText("40 of 40 rows processed").waitFor();
    await screenshot(page, "import-result");

    const [saved] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the error file" }).click()]);
    expect(saved.suggestedFilename()).toBe("vendors errors.csv");
    const rows = fs.readFileSync((await saved.path())!, "utf8").trim().split(/\r?\n/);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toBe("Name,Email,Term Code,Phone,error");
    expect(rows[2]).toContain("not an e-mail");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText("37 rows written, 3 rows refused").waitFor();
    await screenshot(page, "import-result-390");
    await page.goto("/imports/new");
    await page.getByRole("combobox", { name: "Resource" }).waitFor();
    await screenshot(page, "import-upload-390");
    expect(cspViolations(page)).toEqual([]);
  });
});
