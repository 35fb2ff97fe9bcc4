/**
 * An invoice request, end to end in the browser (issue 13): staff send a request to a new vendor
 * contact → the e-mail (read from the SMTP sink) invites them → they choose a password, sign in and
 * land on the submit page → submit the invoice with its PDF → staff find it in /invoices_new_inbox,
 * from the vendor, with the PDF → it is approved and paid in a payment run → the vendor sees it PAID
 * with the remittance. And a link the purchaser switched off shows a plain refusal.
 * GL coding, submitting for approval and the payment run go through the API (their own browser
 * journeys are approvals.test.ts and payments.test.ts); the vendor's and the staff's steps here are clicks.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { apiAs, type Api } from "./api.js";
import { cspViolations, login, newPage, screenshot, useBrowser } from "./browser.js";
import { mailedLink } from "./mailbox.js";

const { browser } = useBrowser();

type Row = Record<string, unknown> & { id: number };

const stamp = Date.now();
const email = `vera-${stamp}@vendor-journey.test`;
const password = "Invoice#2026";
const number = `VJ-${stamp}`;
const amount = "4321.00";
/** a small PDF (the server checks the bytes, not the name) */
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

let admin: Api;
let vendorPage: Page;
let requestId = 0;
let invoiceId = 0;

/** An active vendor of Acme (not the demo vendor) paid by ACH: the payment run can pay it. */
async function payableVendor(): Promise<number> {
  const methods = await admin.get<{ data: (Row & { vendor_id: number | null })[] }>("/api/payment_methods?owner_type=Vendor&payment_type=ach&status=ACTIVE&is_default=true&_end=200");
  for (const method of methods.body.data) {
    if (!method.vendor_id) continue;
    const vendor = await admin.get<{ data: Row }>(`/api/vendors/${method.vendor_id}`);
    if (vendor.body.data.status === "ACTIVE" && vendor.body.data.name !== "Northwind Supplies") return method.vendor_id;
  }
  throw new Error("no active vendor with a default ACH method in the demo data");
}

const statusTag = (page: Page, text: string) => page.locator(".ant-tag", { hasText: new RegExp(`^${text}$`) });

describe("an invoice request, from the e-mail to the remittance", () => {
  it("staff send a request to a new contact of the vendor, from the request's page", async () => {
    admin = await apiAs("admin@acme.test");
    const vendorId = await payableVendor();
    const contact = await admin.post<{ data: Row }>("/api/contacts", { first_name: "Vera", last_name: "Journey", email, contact_type: "VENDOR", vendor_id: vendorId });
    expect(contact.status).toBe(201);
    const request = await admin.post<{ data: Row }>("/api/invoice_requests", { vendor_id: vendorId, contact_id: contact.body.data.id, message: "Please send us your November invoice." });
    expect(request.status).toBe(201);
    requestId = request.body.data.id;

    const staff = await newPage(browser());
    await login(staff, "admin@acme.test", `/invoice_request/${requestId}`);
    await statusTag(staff, "New").waitFor();
    await staff.getByRole("button", { name: "Send", exact: true }).click();
    await statusTag(staff, "Sent").waitFor({ timeout: 15_000 });
    await screenshot(staff, "invoice-request-sent");
    await staff.context().close();
  });

  it("the invited contact chooses a password from the e-mail and lands on the submit page", async () => {
    const invitation = await mailedLink(email, /\/set_password\/[A-Za-z0-9_-]+\?next=\S+/);
    expect(decodeURIComponent(invitation)).toContain(`/vendor_portal/submit_invoice/${requestId}`);
    vendorPage = await newPage(browser());
    await vendorPage.goto(invitation);
    await vendorPage.getByLabel("Password", { exact: true }).fill(password);
    await vendorPage.getByLabel("Confirm password").fill(password);
    await vendorPage.getByRole("button", { name: "Set my password" }).click();
    await vendorPage.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("password_set"));
    await vendorPage.getByText("Your password is set. Please log in.").waitFor({ timeout: 15_000 });
    await vendorPage.getByLabel("Password").fill(password);
    await vendorPage.getByRole("button", { name: "Log in", exact: true }).click();
    await vendorPage.waitForURL((url) => url.pathname === `/vendor_portal/submit_invoice/${requestId}`, { timeout: 15_000 });
    // a new login accepts the terms first, and stays on the page it came for
    await vendorPage.getByRole("button", { name: "Agree" }).click();
    await vendorPage.locator(".ant-modal").waitFor({ state: "hidden" });
    await vendorPage.getByRole("heading", { name: "Submit invoice", level: 3 }).waitFor();
    await vendorPage.getByText("Please send us your November invoice.").waitFor();
    expect(new URL(vendorPage.url()).pathname).toBe(`/vendor_portal/submit_invoice/${requestId}`);
  });

  it("the vendor submits the invoice with its PDF and sees it", async () => {
    const page = vendorPage;
    // the form refuses an amount it cannot read before anything is sent
    await page.getByLabel("Amount").fill("12,50");
    await page.getByRole("button", { name: "Submit invoice" }).click();
    await page.getByText("Enter an amount such as 1250.00").waitFor();
    await page.getByText("Choose the invoice's PDF").first().waitFor();

    await page.locator("input[type=file]").setInputFiles({ name: "november-invoice.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByLabel("Number").fill(number);
    await page.getByLabel("Date").fill("11/20/2026");
    await page.getByLabel("Date").press("Enter");
    await page.getByLabel("Amount").fill(amount);
    await page.getByLabel("Description").fill("November services");
    await screenshot(page, "portal-submit-invoice-1440");
    await page.getByRole("button", { name: "Submit invoice" }).click();
    await page.waitForURL(/\/vendor_portal\/invoices\/\d+$/, { timeout: 15_000 });
    invoiceId = Number(page.url().split("/").pop());
    await page.getByRole("heading", { name: `Invoice ${number}`, level: 3 }).waitFor();
    await statusTag(page, "New").first().waitFor();
    expect(cspViolations(page)).toEqual([]);
  });

  it("staff find it in the new inbox, from the vendor, with its PDF", async () => {
    const staff = await newPage(browser());
    await login(staff, "admin@acme.test", `/invoices_new_inbox?filters[0][field]=number&filters[0][operator]=in&filters[0][value][0]=${number}`);
    const row = staff.locator("tr[data-row-key]", { hasText: number });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByText("Vendor", { exact: true }).count()).toBe(1);
    await screenshot(staff, "new-inbox-vendor-invoice");
    await row.getByRole("link", { name: number }).click();
    await staff.waitForURL(new RegExp(`/invoices/${invoiceId}$`));
    // named twice: over the document pane and in the documents list
    await staff.getByText("november-invoice.pdf").first().waitFor({ timeout: 15_000 });
    await staff.getByText("november-invoice.pdf").last().scrollIntoViewIfNeeded();
    await screenshot(staff, "vendor-invoice-documents");
    await staff.context().close();
  });

  it("it is approved and paid in a payment run; the vendor sees it PAID with the remittance", async () => {
    const [ap, approverApi] = await Promise.all([apiAs("ap@acme.test"), apiAs("approver@acme.test")]);
    // AP codes it and submits it for approval; the approver approves it on its approval screen
    expect((await admin.patch(`/api/invoices/${invoiceId}`, { debit_entries: [{ account_number: "6000", amount }] })).status).toBe(200);
    expect((await ap.post(`/api/invoices/${invoiceId}/submit`, {})).status).toBe(200);
    const approver = await newPage(browser());
    await login(approver, "approver@acme.test", "/invoices_approval");
    const row = approver.locator("tr[data-row-key]", { hasText: number });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole("link", { name: number }).click();
    await approver.waitForURL(new RegExp(`/invoices/${invoiceId}/approval$`));
    // not the list's "Approver" header, while the list is still leaving
    await approver.getByRole("button", { name: /\bApprove$/ }).click();
    const confirm = approver.locator(".ant-modal-confirm", { hasText: `Are you sure you want to Approve (${number})?` });
    await confirm.getByRole("button", { name: "OK" }).click();
    await approver.waitForURL(new RegExp(`/invoices/${invoiceId}$`));
    await approver.context().close();

    // the payment run: created, approved, processed
    const run = await admin.post<{ data: Row }>("/api/payment_runs", { payment_date: earliestPaymentDate(), items: [{ invoice_id: invoiceId, amount }] });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const runId = run.body.data.id;
    expect((await admin.post(`/api/payment_runs/${runId}/submit`, {})).status).toBe(200);
    const approvals = await admin.get<{ data: Row[] }>(`/api/approvals?approvable_type=PaymentRun&approvable_id=${runId}`);
    expect((await approverApi.post(`/api/approvals/${approvals.body.data[0].id}/approve`, {})).status).toBe(200);
    const processed = await admin.post<{ data: Row }>(`/api/payment_runs/${runId}/process`, {});
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);

    // the vendor: the invoice PAID, its payment, and the payment's remittance naming the invoice
    const page = vendorPage;
    // the vendor's page is still the invoice's, as the submission left it: read it again
    await page.goto(`/vendor_portal/invoices/${invoiceId}`);
    await page.getByRole("heading", { name: `Invoice ${number}`, level: 3 }).waitFor();
    await statusTag(page, "Paid").first().waitFor({ timeout: 15_000 });
    const payments = page.locator(".ant-card", { has: page.locator(".ant-card-head-title", { hasText: "Payments" }) });
    const paymentLink = payments.locator("tr[data-row-key] a").first();
    await paymentLink.waitFor();
    // each payment with the amount it applied to this invoice
    expect(await payments.locator("tr[data-row-key]").first().locator("td").last().textContent()).toBe("$4,321.00");
    await screenshot(page, "portal-invoice-paid");
    await paymentLink.click();
    await page.waitForURL(/\/vendor_portal\/payments\/\d+$/);
    const remittance = page.locator("tr[data-row-key]", { hasText: number });
    await remittance.waitFor({ timeout: 15_000 });
    // the invoice's own amount and what this payment applied to it; the total applied is the payment's amount
    expect(await remittance.locator("td").allTextContents()).toEqual([number, expect.any(String), "$4,321.00", "—", "$4,321.00"]);
    await page.locator(".ant-table-summary", { hasText: "Total applied" }).getByText("$4,321.00").waitFor();
    await screenshot(page, "portal-payment-remittance");
    expect(cspViolations(page)).toEqual([]);
  });

  it("a request's link leads the signed-in vendor to its submit page; once switched off, it is refused in plain words", async () => {
    const request = await admin.post<{ data: Row }>("/api/invoice_requests", { vendor_id: (await admin.get<{ data: Row }>(`/api/invoices/${invoiceId}`)).body.data.vendor_id, status: "SENT", contact_id: (await admin.get<{ data: Row[] }>(`/api/contacts?email=${encodeURIComponent(email)}`)).body.data[0].id });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const link = await mailedLink(email, /\/link\/invoice_request\/[A-Za-z0-9_-]+/);
    const page = vendorPage;
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === `/vendor_portal/submit_invoice/${request.body.data.id}`, { timeout: 15_000 });
    await page.getByRole("heading", { name: "Submit invoice", level: 3 }).waitFor();
    // on a phone: the form fits the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel("Number").waitFor();
    // (once the menu has folded away: it animates to its closed width)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator(".ant-layout-sider-collapsed").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "portal-submit-invoice-390");
    await page.setViewportSize({ width: 1400, height: 900 });

    // the purchaser switches the link off
    expect((await admin.patch(`/api/invoice_requests/${request.body.data.id}`, { has_token: "INACTIVE" })).status).toBe(200);
    const refused = await newPage(browser());
    await refused.goto(link);
    await expect.poll(() => refused.locator(".ant-result-title").textContent(), { timeout: 15_000 }).toBe("This link has been withdrawn.");
    await expect.poll(() => refused.locator(".ant-result-subtitle").textContent()).toBe("Please ask the sender for a new link.");
    expect(new URL(refused.url()).pathname).toBe(link);
    await screenshot(refused, "invoice-request-link-withdrawn");
    await refused.context().close();
    await page.context().close();
  });
});
