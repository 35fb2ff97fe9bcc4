/**
 * A vendor credit keyed in the browser (issue 30): the credit-memo inbox's form refuses a negative
 * amount with the server's words, saves the credit, takes its PDF beside the fields; submitted and
 * approved by another user, it is AVAILABLE and posted (debit AP, credit the coded account, balanced).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tinyPdf } from "../../src/server/seed/admin.js";
import { apiAs } from "./api.js";
import { chooseOption, typeDate } from "./forms.js";
import { cspViolations, login, newPage, screenshot, useBrowser } from "./browser.js";

const { browser } = useBrowser();

describe("vendor credits in the browser", () => {
  it("created in the credit-memo inbox with its document, approved by another user, posted", async () => {
    const page = await newPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "ap@acme.test", "/credit_memo_inbox/new");
    const number = `CM-E2E-${Date.now()}`;
    await page.getByLabel("Payment Number", { exact: true }).fill(number);
    await chooseOption(page, "Vendor", "Northwind Supplies");
    await typeDate(page, "Payment Date", "2026-11-20");
    await page.locator("#root_amount").fill("-40.00");
    await chooseOption(page, "Currency", "USD — US Dollar", "USD");
    await page.getByRole("button", { name: "Add entry" }).click();
    await page.locator("#root_debit_entries_0_account_number").fill("6000");
    await page.locator("#root_debit_entries_0_amount").fill("40.00");
    await page.getByRole("button", { name: "Save" }).click();
    // a negative credit: the server's plain words under the field, nothing saved
    await expect.poll(() => page.locator(".ant-form-item-explain-error", { hasText: "must be zero or more" }).count()).toBeGreaterThan(0);
    await screenshot(page, "credit-memo-negative");
    const api = await apiAs("admin@acme.test");
    expect((await api.get<{ data: unknown[] }>(`/api/credit_memo_inbox?payment_number=${number}`)).body.data).toEqual([]);

    await page.locator("#root_amount").fill("40.00");
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/credit_memo_inbox") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(saved.status()).toBe(201);
    const id = ((await saved.json()) as { data: { id: number } }).data.id;
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();

    // the inbox's edit page: the credit with its document beside the fields (attaching takes the documents keys: the administrator)
    const admin = await newPage(browser());
    await admin.setViewportSize({ width: 1440, height: 900 });
    await login(admin, "admin@acme.test", `/credit_memo_inbox/${id}`);
    await admin.locator(".ant-upload-drag").waitFor();

    // the vendor's PDF beside the fields
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-credit-"));
    const pdf = path.join(dir, "credit-memo.pdf");
    fs.writeFileSync(pdf, tinyPdf("Credit memo from Northwind"));
    const [uploaded] = await Promise.all([
      admin.waitForResponse((r) => r.url().endsWith("/api/documents/upload")),
      admin.locator(".ant-upload-drag input[type=file]").setInputFiles(pdf),
    ]);
    expect(uploaded.status()).toBe(201);
    await expect.poll(() => admin.locator("tr[data-row-key]", { hasText: "credit-memo.pdf" }).count()).toBe(1);
    await screenshot(admin, "credit-memo-inbox-edit");
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, "credit-memo-inbox-edit-phone");
    expect(cspViolations(admin)).toEqual([]);
    await admin.context().close();

    // submitted by the clerk, approved by the administrator (the Credit Memo workflow), posted
    const clerk = await apiAs("ap@acme.test");
    expect((await clerk.post(`/api/credit_memo_inbox/${id}/submit`, {})).status).toBe(200);
    const [approval] = (await api.get<{ data: { id: number }[] }>(`/api/approvals?approvable_type=CreditMemo&approvable_id=${id}`)).body.data;
    expect((await api.post(`/api/approvals/${approval.id}/approve`, {})).status).toBe(200);
    const credit = (await api.get<{ data: { status: string; balance: string; documents: unknown[] } }>(`/api/vendor_credits/${id}`)).body.data;
    expect(credit).toMatchObject({ status: "AVAILABLE", balance: "40.00" });
    expect(credit.documents).toHaveLength(1);
    const lines = (await api.get<{ data: { account_number: string; debit_amount: string; credit_amount: string }[] }>(
      `/api/account_transactions?account_transactionable_type=Payment&account_transactionable_id=${id}`)).body.data;
    expect(lines.map((l) => [l.account_number, l.debit_amount, l.credit_amount]).sort()).toEqual([["2000", "40.00", "0.00"], ["6000", "0.00", "40.00"]]);
  }, 180_000);
});
