/**
 * Invoice approval in a real browser: invoices entered and submitted by ap@acme.test through the
 * API; approver@acme.test finds them in /invoices_approval, approves one on its approval screen
 * after the confirmation (the timeline then shows who approved), rejects one (a comment is
 * required) and approves two at once from the list. And the header's notification bell.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs, type Api } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { confirmDialog } from "./forms.js";

const { browser } = useBrowser();

interface Submitted { id: number; number: string; approval: number }

/** A NEW invoice of 1,000–9,999 with GL coding, entered and submitted by ap@acme.test: one pending approval for the approver. */
async function submittedInvoice(ap: Api, admin: Api, amount = "4200.00"): Promise<Submitted> {
  const vendors = await ap.get<{ data: { id: number }[] }>("/api/vendors?_end=1");
  const number = `E2E-AP-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const created = await ap.post<{ data: { id: number; status: string } }>("/api/invoices", {
    number, vendor_id: vendors.body.data[0].id, date: "2026-11-01", due_date: "2026-12-01", amount, currency_code: "USD",
    debit_entries: [{ account_number: "6000", amount }],
  });
  expect(created.status).toBe(201);
  expect(created.body.data.status).toBe("NEW");
  const id = created.body.data.id;
  expect((await ap.post(`/api/invoices/${id}/submit`, {})).status).toBe(200);
  const approvals = await admin.get<{ data: { id: number; aasm_state: string }[] }>(`/api/approvals?approvable_type=Invoice&approvable_id=${id}`);
  expect(approvals.body.data.map((a) => a.aasm_state)).toEqual(["pending"]);
  return { id, number, approval: approvals.body.data[0].id };
}

const stateOf = async (admin: Api, approval: number) =>
  (await admin.get<{ data: { aasm_state: string } }>(`/api/approvals/${approval}`)).body.data.aasm_state;

const row = (page: Page, text: string) => page.locator("tr[data-row-key]", { hasText: text });

describe("invoice approval in the browser", () => {
  it("the approver approves a pending invoice from the approval list; the timeline shows it", async () => {
    const [ap, admin, approver] = await Promise.all([apiAs("ap@acme.test"), apiAs("admin@acme.test"), apiAs("approver@acme.test")]);
    const invoice = await submittedInvoice(ap, admin);
    const approverName = (approver.user as unknown as { name: string }).name;

    const page = await newPage(browser());
    await login(page, "approver@acme.test", "/invoices_approval");
    await row(page, invoice.number).waitFor();
    await row(page, invoice.number).getByRole("link", { name: invoice.number }).click();
    await page.waitForURL(new RegExp(`/invoices/${invoice.id}/approval$`));
    await page.getByText("Step 1 awaits your approval").waitFor();
    await screenshot(page, "approval-screen");

    await page.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(page, `Are you sure you want to Approve (${invoice.number})?`);
    await page.waitForURL(new RegExp(`/invoices/${invoice.id}$`));
    await page.getByRole("heading", { name: `Invoice ${invoice.number}`, exact: true }).waitFor();
    await page.getByText(`Approved by ${approverName}`).waitFor();
    await page.getByText(`Approved by ${approverName}`).scrollIntoViewIfNeeded();
    await screenshot(page, "approval-timeline");
    expect(await stateOf(admin, invoice.approval)).toBe("approved");
    await page.context().close();
  });

  it("Reject asks for a comment and the timeline shows it", async () => {
    const [ap, admin] = await Promise.all([apiAs("ap@acme.test"), apiAs("admin@acme.test")]);
    const invoice = await submittedInvoice(ap, admin, "2500.00");
    const page = await newPage(browser());
    await login(page, "approver@acme.test", `/invoices/${invoice.id}/approval`);
    await page.getByRole("button", { name: "Reject" }).click();
    const modal = page.locator(".ant-modal", { hasText: `Reject (${invoice.number})` });
    await modal.waitFor();
    const ok = modal.locator(".ant-modal-footer").getByRole("button", { name: "Reject" });
    expect(await ok.isDisabled()).toBe(true);
    await modal.getByLabel("Comment").fill("Wrong cost centre");
    await ok.click();
    await page.waitForURL(new RegExp(`/invoices/${invoice.id}$`));
    await page.getByText("“Wrong cost centre”").waitFor();
    expect(await stateOf(admin, invoice.approval)).toBe("rejected");
    await page.context().close();
  });

  it("approves two selected rows at once and sums up the outcome", async () => {
    const [ap, admin] = await Promise.all([apiAs("ap@acme.test"), apiAs("admin@acme.test")]);
    const first = await submittedInvoice(ap, admin, "1500.00");
    const second = await submittedInvoice(ap, admin, "1600.00");
    const page = await newPage(browser());
    await login(page, "approver@acme.test", "/invoices_approval");
    for (const invoice of [first, second]) {
      await row(page, invoice.number).waitFor();
      await row(page, invoice.number).locator(".ant-checkbox-input").check();
      await expect.poll(() => row(page, invoice.number).locator(".ant-checkbox-checked").count()).toBe(1);
    }
    await screenshot(page, "approval-list-selected");
    await page.getByRole("button", { name: "Approve selected (2)" }).click();
    await confirmDialog(page, "Are you sure you want to Approve 2 selected approvals?");
    const summary = page.locator(".ant-modal-confirm", { hasText: "Approved: 2. Refused: 0." });
    await summary.waitFor();
    expect(await stateOf(admin, first.approval)).toBe("approved");
    expect(await stateOf(admin, second.approval)).toBe("approved");
    await summary.getByRole("button", { name: "OK" }).click();
    // awaiting me: the approved rows are gone from the list
    await expect.poll(() => row(page, first.number).count()).toBe(0);
    await page.context().close();
  });

  it("the bell counts unread notifications and opening one marks it read and follows its link", async () => {
    const page = await newPage(browser());
    await login(page, "approver@acme.test", "/dashboard");
    const bell = page.getByRole("button", { name: /Notifications \(\d+ unread\)/ });
    await bell.waitFor();
    const unread = async () => Number(/\((\d+) unread\)/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1]);
    await expect.poll(unread).toBeGreaterThan(0);
    const before = await unread();
    await bell.click();
    await page.locator(".ant-dropdown-menu").waitFor();
    await page.waitForTimeout(400); // the dropdown's opening animation, for the screenshot
    await screenshot(page, "notification-bell");
    await page.locator(".ant-dropdown-menu-item").first().click();
    await page.waitForURL((url) => url.pathname !== "/dashboard");
    await expect.poll(unread).toBe(before - 1);
    await page.context().close();
  });

  it("a stale approval link (the order was decided since) opens the order's own page and says why, not 'Record not found' (issue 34)", async () => {
    const admin = await apiAs("admin@acme.test");
    const orders = await admin.get<{ data: { id: number; number: string }[] }>("/api/purchase_orders?status=APPROVED&_end=1");
    const order = orders.body.data[0];
    const page = await newPage(browser());
    await login(page, "approver@acme.test", `/po_approvals/${order.id}`);
    await page.waitForURL((url) => url.pathname === `/purchase_orders/${order.id}`);
    await page.getByText("This record no longer awaits your approval").waitFor();
    await page.getByRole("heading", { name: new RegExp(order.number) }).first().waitFor();
    expect(await page.getByText("Record not found").count()).toBe(0);
    expect(await page.locator(".ant-breadcrumb", { hasText: `#${order.id}` }).count()).toBe(0);
    await screenshot(page, "stale-approval-link");
    await page.context().close();
  });
});
