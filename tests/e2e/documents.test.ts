/**
 * Documents on an invoice's show page in Chromium: a PDF uploaded through the file control, previewed
 * (a blob: frame the CSP allows) and downloaded with its bytes; three documents zipped; a renamed
 * .exe refused with the server's 422 message shown and nothing listed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Page } from "playwright";
import { beforeAll, describe, expect, it } from "vitest";
import { tinyPdf } from "../../src/server/seed/admin.js";
import { apiAs } from "./api.js";
import { cspViolations, login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-documents-"));

function file(name: string, content: Buffer): string {
  const where = path.join(dir, name);
  fs.writeFileSync(where, content);
  return where;
}

async function upload(page: Page, where: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/documents/upload")),
    page.locator(".ant-upload-drag input[type=file]").setInputFiles(where),
  ]);
  return response.status();
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: saved.suggestedFilename(), bytes: fs.readFileSync((await saved.path())!) };
}

describe("documents on an invoice", () => {
  let page: Page;
  const scan = tinyPdf("Invoice 4711 from Northwind");

  beforeAll(async () => {
    const api = await apiAs("admin@acme.test");
    const vendor = (await api.get<{ data: { id: number }[] }>("/api/vendors?_end=1")).body.data[0];
    const created = await api.post<{ data: { id: number } }>("/api/invoices", {
      number: `DOC-${Date.now()}`, vendor_id: vendor.id, date: "2026-11-02", due_date: "2026-12-02", amount: "250.00", currency_code: "USD",
    });
    expect(created.status).toBe(201);
    page = await newPage(browser());
    await login(page, "admin@acme.test", `/invoices/${created.body.data.id}`);
    await page.locator(".ant-upload-drag").waitFor();
  });

  it("uploads a PDF, previews it and downloads the same bytes", async () => {
    expect(await upload(page, file("invoice-4711.pdf", scan))).toBe(201);
    const row = page.locator("tr[data-row-key]", { hasText: "invoice-4711.pdf" });
    await row.waitFor();

    await row.getByRole("button", { name: "Preview" }).click();
    const frame = page.locator(".ant-modal iframe[title='invoice-4711.pdf']");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toMatch(/^blob:/);
    await screenshot(page, "document-preview");
    await page.locator(".ant-modal-close").click();

    const saved = await download(page, () => row.getByRole("button", { name: "Download" }).click());
    expect(saved.name).toBe("invoice-4711.pdf");
    expect(saved.bytes.equals(scan)).toBe(true);
    expect(cspViolations(page)).toEqual([]);
  });

  it("refuses a renamed .exe with the server's message, and lists nothing for it", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(256)]);
    expect(await upload(page, file("contract.pdf", exe))).toBe(422);
    await expect.poll(() => page.locator(".ant-alert-error").textContent())
      .toContain("contract.pdf: File is not a real .pdf file: its content does not match its name, so it was not uploaded");
    await screenshot(page, "document-refused");
    expect(await page.locator("tr[data-row-key]", { hasText: "contract.pdf" }).count()).toBe(0);
  });

  it("zips three documents", async () => {
    expect(await upload(page, file("notes.txt", Buffer.from("Paid in two parts.\n")))).toBe(201);
    expect(await upload(page, file("delivery-note.pdf", tinyPdf("Delivery note")))).toBe(201);
    await expect.poll(() => page.locator(".ant-card", { hasText: "Download all as zip" }).locator("tr[data-row-key]").count()).toBe(3);
    const zip = await download(page, () => page.getByRole("button", { name: "Download all as zip" }).click());
    expect(zip.name).toBe("documents.zip");
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(["delivery-note.pdf", "invoice-4711.pdf", "notes.txt"]);
    expect(Buffer.from(entries["invoice-4711.pdf"]).equals(scan)).toBe(true);
    expect(cspViolations(page)).toEqual([]);
  });
});
