/**
 * Issue 17 items 1 and 2 in the browser: the invoice flow as ap@acme.test (inbox edit, show, submit)
 * and approver@acme.test (approval list, approval screen at 1440 px, then approving from a phone-sized
 * window with the invoice's PDF in view). Every screen passes the plain-words check (page-text.ts): no
 * raw id, raw status code or untranslated key. Screenshots of each screen at 1440 and 390 px.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { simplePdf } from "../../src/server/files/simple-pdf.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { apiAs } from "./api.js";
import { baseUrl, login, newPage, screenshot, useBrowser } from "./browser.js";
import { confirmDialog } from "./forms.js";
import { expectPlainWords } from "./page-text.js";

const { browser } = useBrowser();
const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

/** A file uploaded as `email` (multipart, as the browser sends it). */
async function uploadAs(email: string, parent: { type: string; id: number }, name: string, content: Buffer): Promise<void> {
  const token = await fetch(`${baseUrl()}/oauth/token`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: email, password: demoPassword }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const form = new FormData();
  form.append("assetable_type", parent.type);
  form.append("assetable_id", String(parent.id));
  form.append("file", new Blob([new Uint8Array(content)], { type: "application/pdf" }), name);
  const response = await fetch(`${baseUrl()}/api/documents/upload`, { method: "POST", headers: { authorization: `Bearer ${access_token}` }, body: form });
  expect(response.status).toBe(201);
}

/** The document pane shows the PDF, inside the window. */
async function expectPdfInView(page: Page): Promise<void> {
  const preview = page.getByTestId("document-preview");
  await preview.waitFor();
  await expect.poll(() => preview.getAttribute("src")).toMatch(/^blob:/);
  const box = await preview.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.width).toBeGreaterThan(viewport.width * 0.3);
  expect(box!.height).toBeGreaterThan(150);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 1);
}

/** Checked and photographed at both widths. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await expectPlainWords(page, name);
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(desktop);
}

describe("the invoice flow in plain words, with the invoice beside it", () => {
  it("the clerk keys and submits from the PDF; the approver approves on a phone with the PDF in view", async () => {
    const [ap, admin] = await Promise.all([apiAs("ap@acme.test"), apiAs("admin@acme.test")]);
    const vendors = await ap.get<{ data: { id: number; name: string }[] }>("/api/vendors?_end=1");
    const number = `E2E-WORDS-${Date.now()}`;
    const created = await ap.post<{ data: { id: number } }>("/api/invoices", {
      number, vendor_id: vendors.body.data[0].id, date: "2026-11-01", due_date: "2026-12-01", amount: "4200.00", currency_code: "USD",
      debit_entries: [{ account_number: "6000", amount: "4200.00" }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // the vendor's PDF, as the inbox receives it
    await uploadAs("admin@acme.test", { type: "Invoice", id }, `${number}.pdf`, simplePdf([vendors.body.data[0].name, "INVOICE", `Invoice number: ${number}`, "Amount due: 4,200.00 USD"]));

    const clerk = await newPage(browser());
    await clerk.setViewportSize(desktop);
    await login(clerk, "ap@acme.test", "/invoices_new_inbox");
    await clerk.getByRole("link", { name: number }).waitFor();
    await checkScreen(clerk, "words-new-inbox");

    await clerk.goto(`/invoices/new_inbox/${id}/edit`);
    await expectPdfInView(clerk);
    await checkScreen(clerk, "words-inbox-edit");

    await clerk.goto(`/invoices/${id}`);
    await clerk.getByRole("heading", { name: `Invoice ${number}` }).waitFor();
    await expectPdfInView(clerk);
    await checkScreen(clerk, "words-invoice-show");
    await clerk.getByRole("button", { name: "Submit for approval" }).click();
    await clerk.getByText("Submitted for approval").first().waitFor();
    await clerk.locator(".ant-tag", { hasText: "Pending" }).first().waitFor();
    await expectPlainWords(clerk, "invoice after the submit");

    const approvals = await admin.get<{ data: { aasm_state: string }[] }>(`/api/approvals?approvable_type=Invoice&approvable_id=${id}`);
    expect(approvals.body.data.map((a) => a.aasm_state)).toEqual(["pending"]);

    const approver = await newPage(browser());
    await approver.setViewportSize(desktop);
    await login(approver, "approver@acme.test", "/invoices_approval");
    await approver.getByRole("link", { name: number }).waitFor();
    await checkScreen(approver, "words-approval-list");
    await approver.getByRole("link", { name: number }).click();
    await approver.waitForURL(new RegExp(`/invoices/${id}/approval$`));
    await expectPdfInView(approver);
    await checkScreen(approver, "words-approval-screen");

    // on a phone: the PDF above the fields, in view with the Approve button
    await approver.setViewportSize(phone);
    await approver.reload();
    await expectPdfInView(approver);
    await expect.poll(() => approver.getByRole("button", { name: "Approve" }).isVisible()).toBe(true);
    await approver.waitForTimeout(1500); // the PDF viewer draws the page
    await screenshot(approver, "words-approve-on-phone-390");
    await approver.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(approver, `Are you sure you want to Approve (${number})?`);
    await approver.waitForURL(new RegExp(`/invoices/${id}$`));
    await expect.poll(async () => (await admin.get<{ data: { aasm_state: string }[] }>(`/api/approvals?approvable_type=Invoice&approvable_id=${id}`)).body.data[0].aasm_state).toBe("approved");
    await approver.locator(".ant-tag", { hasText: "Approved" }).first().waitFor();
    await expectPlainWords(approver, "invoice after the approval");
    await screenshot(approver, "words-approved-on-phone-390");

    // the administrator reads the history in words
    const reader = await newPage(browser());
    await login(reader, "admin@acme.test", `/invoices/${id}`);
    const history = reader.locator("[data-relation=activities]");
    await history.scrollIntoViewIfNeeded();
    await history.getByText(/Ap Acme submitted the invoice for approval/).first().waitFor();
    await expectPlainWords(reader, "invoice history");
    await screenshot(reader, "words-invoice-history-1440");
    for (const page of [clerk, approver, reader]) await page.context().close();
  });
});
