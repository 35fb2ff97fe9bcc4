/**
 * Purchasing end to end in a real browser (issue 14): a PO request with two lines is approved; one line
 * is received in part; the invoice pulls the order's open lines through the find-PO-lines dialog and is
 * held by its matching exceptions until the clerk bills what was received; then it is approved and paid
 * in a payment run. The hold is said at the top of the invoice's pages, with its reasons, before anyone acts:
 * the approver sees it with Approve disabled; an administrator overrides it from there, with a comment. A budget's
 * page links the orders and invoices consuming it.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright";
import { formatMoney, money, round } from "../../src/framework/money.js";
import { apiAs } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption, confirmDialog, typeDate } from "./forms.js";

const { browser } = useBrowser();

const menuWidth = async (page: Page) => (await page.locator(".ant-layout-sider").boundingBox())?.width ?? 0;

/**
 * The page at 1440 and 390 px, screenshotted as `<name>-1440` and `<name>-390` once the side menu has opened
 * or folded away (its width animates), with `focus` in view; ends wide.
 */
async function bothWidths(page: Page, name: string, focus: Locator): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    if (width < 768) {
      await expect.poll(() => menuWidth(page)).toBeLessThanOrEqual(1);
      // nothing wider than the screen but the tables' own scroll areas
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
    }
    else await expect.poll(() => menuWidth(page)).toBeGreaterThan(200);
    await focus.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => menuWidth(page)).toBeGreaterThan(200);
}

async function line(page: Page, n: number, values: { description?: string; quantity?: string; price?: string; account?: string }): Promise<void> {
  if (values.description !== undefined) await page.getByLabel(`Description ${n}`, { exact: true }).fill(values.description);
  if (values.quantity !== undefined) await page.getByLabel(`Quantity ${n}`, { exact: true }).fill(values.quantity);
  if (values.price !== undefined) await page.getByLabel(`Unit Price ${n}`, { exact: true }).fill(values.price);
  if (values.account !== undefined) await page.getByLabel(`Account Number ${n}`, { exact: true }).fill(values.account);
}

interface Vendor { id: number; name: string }

/** An Acme vendor paid by ACH by default (so that the run pays it at once). */
async function achVendor(): Promise<Vendor> {
  const api = await apiAs("admin@acme.test");
  const methods = await api.get<{ data: { vendor_id: number; payment_type: string; is_default: boolean; status: string }[] }>(
    "/api/payment_methods?owner_type=Vendor&status=ACTIVE&payment_type=ach&is_default=true&_end=50&_sort=id&_order=asc");
  const vendorId = methods.body.data[0].vendor_id;
  const vendor = await api.get<{ data: Vendor }>(`/api/vendors/${vendorId}`);
  return vendor.body.data;
}

interface CatalogueItem { id: number; display_name: string; price: string }

/** Two active catalogue items of Acme: one of 500–1,200 (three stay under the order's second approval step), the cheapest. */
async function catalogueItems(): Promise<{ helmet: CatalogueItem; gloves: CatalogueItem }> {
  const api = await apiAs("admin@acme.test");
  const items = async (query: string) => (await api.get<{ data: CatalogueItem[] }>(`/api/catalogue_items?status=ACTIVE&${query}&_end=1`)).body.data[0];
  return { helmet: await items("price_gte=500&price_lte=1200&_sort=price&_order=asc"), gloves: await items("_sort=price&_order=asc") };
}

describe("purchasing end to end", () => {
  it("PO request with two lines → approval → partial receipt → invoice pulling the lines → matching → approval → payment run", async () => {
    const vendor = await achVendor();
    const { helmet, gloves } = await catalogueItems();
    const admin = await apiAs("admin@acme.test");

    // the requester asks for two lines and sends the request for approval
    const requester = await newPage(browser());
    await login(requester, "po@acme.test", "/purchase_orders/requests/new");
    const poNumber = `PO-J-${Date.now()}`;
    await requester.getByLabel("Number", { exact: true }).fill(poNumber);
    await chooseOption(requester, "Vendor", vendor.name);
    await typeDate(requester, "Date", "2026-11-02");
    await chooseOption(requester, "Currency", "USD — US Dollar", "USD");
    // two catalogue lines: the catalogue gives each its description and price
    for (let n = 0; n < 2; n++) await requester.getByRole("button", { name: "Add line" }).click();
    await chooseOption(requester, "Catalogue Item 1", helmet.display_name);
    await line(requester, 1, { quantity: "3", account: "6000" });
    await chooseOption(requester, "Catalogue Item 2", gloves.display_name);
    await line(requester, 2, { quantity: "10", account: "6000" });
    await expect.poll(() => requester.getByLabel("Description 1", { exact: true }).inputValue()).toBe(helmet.display_name);
    await expect.poll(() => requester.locator("[data-lines-total]").textContent())
      .toBe(formatMoney(round(money(helmet.price).times(3).plus(money(gloves.price).times(10))), "USD"));
    await screenshot(requester, "po-request-catalogue-lines");
    await requester.getByRole("button", { name: "Save" }).click();
    await requester.waitForURL(/\/purchase_orders\/\d+$/);
    const poId = Number(requester.url().split("/").pop());
    await requester.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(async () => (await admin.get<{ data: { status: string } }>(`/api/purchase_orders/${poId}`)).body.data.status).toBe("PENDING");

    // the approver approves it
    const approver = await newPage(browser());
    await login(approver, "approver@acme.test", `/po_approvals/${poId}`);
    await approver.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(approver, /Are you sure you want to Approve/);
    await expect.poll(async () => (await admin.get<{ data: { status: string } }>(`/api/purchase_orders/${poId}`)).body.data.status).toBe("APPROVED");

    // receiving takes 2 of the 3 of the first line, none of the second yet
    const receiving = await newPage(browser());
    await login(receiving, "receiving@acme.test", `/log_new_receipt?poID=${poId}`);
    await receiving.getByRole("button", { name: "Pull open lines" }).click();
    const pick = receiving.locator(".ant-modal");
    await pick.locator("tr[data-row-key] .ant-checkbox-input").first().check();
    await pick.getByRole("button", { name: "Pull open lines" }).click();
    await expect.poll(() => receiving.locator('[data-lines="receipt_items"] tr[data-row-key]').count()).toBe(2);
    await receiving.getByLabel("Quantity Received 1", { exact: true }).fill("2");
    await receiving.getByRole("button", { name: "Remove 2", exact: true }).click();
    await typeDate(receiving, "Received Date", "2026-11-20");
    await receiving.getByRole("button", { name: "Save" }).click();
    await receiving.waitForURL(/\/receipt\/\d+$/);

    // the clerk enters the vendor's invoice and pulls the order's open lines into it
    const clerk = await newPage(browser());
    await login(clerk, "ap@acme.test", "/invoices/new");
    const invoiceNumber = `INV-J-${Date.now()}`;
    await clerk.getByLabel("Number", { exact: true }).fill(invoiceNumber);
    await chooseOption(clerk, "Vendor", vendor.name);
    await typeDate(clerk, "Date", "2026-11-21");
    await typeDate(clerk, "Due Date", "2026-12-21");
    await chooseOption(clerk, "Currency", "USD — US Dollar", "USD");
    await clerk.getByRole("button", { name: "Pull open lines" }).click();
    const dialog = clerk.locator(".ant-modal");
    await dialog.locator("tr[data-row-key]", { hasText: poNumber }).locator(".ant-checkbox-input").check();
    await screenshot(clerk, "invoice-pick-po-lines");
    await dialog.getByRole("button", { name: "Pull open lines" }).click();
    await expect.poll(() => clerk.locator('[data-lines="invoice_items"] tr[data-row-key]').count()).toBe(2);
    await clerk.getByRole("button", { name: "Save" }).click();
    await clerk.waitForURL(/\/invoices\/\d+$/);
    const invoiceId = Number(clerk.url().split("/").pop());

    // billed beyond what was received: both lines are held, with their reasons, said at the top of the page
    const exceptions = clerk.locator('[data-relation="match_exceptions"] tr[data-row-key]');
    await expect.poll(() => exceptions.count()).toBe(2);
    const reason = `Bills 3 in all on ${poNumber} line 1, of which 2 received (2 at most).`;
    const held = (page: Page) => page.locator('[data-notice="invoices.notices.openExceptions"]');
    await expect.poll(() => held(clerk).textContent()).toContain("Held: 2 open matching exceptions");
    expect(await held(clerk).getByText(reason, { exact: true }).count()).toBe(1);
    expect(await held(clerk).locator("li").count()).toBe(2);
    // the notice comes before the invoice's details; the clerk may not override, so no button for it anywhere
    expect(await clerk.evaluate(() => {
      const notice = document.querySelector('[data-notice="invoices.notices.openExceptions"]');
      const details = document.querySelector('[data-section="details"]');
      return !!notice && !!details && !!(notice.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING);
    })).toBe(true);
    expect(await clerk.getByRole("button", { name: "Override exceptions" }).count()).toBe(0);
    for (const close of await clerk.locator(".ant-notification-notice-close").all()) await close.click();
    await expect.poll(() => clerk.locator(".ant-notification-notice").count()).toBe(0);
    await bothWidths(clerk, "invoice-held-notice", held(clerk));
    // the New inbox's edit form says it too
    await clerk.goto(`/invoices/new_inbox/${invoiceId}/edit`);
    await expect.poll(() => held(clerk).textContent()).toContain("Held: 2 open matching exceptions");
    await screenshot(clerk, "invoice-held-inbox-edit");
    // an administrator may override: the action is offered in the notice, not twice
    const adminPage = await newPage(browser());
    await login(adminPage, "admin@acme.test", `/invoices/${invoiceId}`);
    await expect.poll(() => held(adminPage).getByRole("button", { name: "Override exceptions" }).count()).toBe(1);
    expect(await adminPage.getByRole("button", { name: "Override exceptions" }).count()).toBe(1);
    await screenshot(adminPage, "invoice-held-notice-override");
    await clerk.goto(`/invoices/${invoiceId}`);
    await clerk.getByRole("button", { name: "Submit for approval" }).click();
    await expect.poll(async () => (await admin.get<{ data: { status: string } }>(`/api/invoices/${invoiceId}`)).body.data.status).toBe("PENDING");

    // the approver is told why before pressing anything: the notice with its reasons, Approve disabled and
    // explained, Reject still there (the server refuses an approval anyway: tests/api/matching.test.ts)
    await approver.goto(`/invoices/${invoiceId}/approval`);
    await approver.getByText("Step 1 awaits your approval").waitFor();
    await expect.poll(() => held(approver).textContent()).toContain("Held: 2 open matching exceptions");
    expect(await held(approver).getByText(reason, { exact: true }).count()).toBe(1);
    expect(await approver.getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);
    expect(await approver.getByRole("button", { name: "Reject" }).isEnabled()).toBe(true);
    await approver.getByRole("button", { name: "Approve" }).hover({ force: true });
    await expect.poll(() => approver.getByRole("tooltip").textContent()).toContain("Can't Approve: the invoice has open matching exceptions");
    await bothWidths(approver, "invoice-approval-held", approver.getByRole("button", { name: "Reject" }));

    // the clerk bills what was received: 2 of the first item, none of the second (the changed amount restarts the approval)
    await clerk.getByRole("button", { name: "Edit" }).click();
    await clerk.waitForURL(new RegExp(`/invoices/${invoiceId}/edit$`));
    await clerk.getByLabel("Quantity 1", { exact: true }).fill("2");
    await clerk.getByRole("button", { name: "Remove 2", exact: true }).click();
    await clerk.getByRole("button", { name: "Save" }).click();
    await clerk.waitForURL(new RegExp(`/invoices/${invoiceId}$`));
    await expect.poll(() => clerk.getByText("Matched", { exact: true }).count()).toBeGreaterThan(0);
    expect(await exceptions.count()).toBe(0);
    expect(await held(clerk).count()).toBe(0);

    // now approved (two of the first item: 1,000 or more, the approver's step)
    await approver.goto(`/invoices/${invoiceId}/approval`);
    await approver.getByRole("button", { name: "Approve" }).click();
    await confirmDialog(approver, `Are you sure you want to Approve (${invoiceNumber})?`);
    await expect.poll(async () => (await admin.get<{ data: { status: string } }>(`/api/invoices/${invoiceId}`)).body.data.status).toBe("APPROVED");

    // the order knows what is billed: 2 of the first item invoiced, the rest open
    const po = (await admin.get<{ data: { amount: string; invoice_balance: string; open_balance: string; po_items: { qty_billed: string; description: string }[] } }>(`/api/purchase_orders/${poId}`)).body.data;
    const billed = money(helmet.price).times(2);
    expect(po.amount).toBe(round(money(helmet.price).times(3).plus(money(gloves.price).times(10))));
    expect([po.invoice_balance, po.open_balance]).toEqual([round(billed), round(money(po.amount).minus(billed))]);
    expect(po.po_items.map((l) => [l.description, Number(l.qty_billed)])).toEqual([[helmet.display_name, 2], [gloves.display_name, 0]]);

    // paid in a run: pay bills → review → run
    await clerk.goto(`/invoices_pay_bills?filters[0][field]=number&filters[0][operator]=in&filters[0][value][0]=${invoiceNumber}`);
    await expect.poll(() => clerk.locator("tr[data-row-key]").count(), { timeout: 15_000 }).toBe(1);
    await clerk.getByRole("checkbox", { name: invoiceNumber, exact: true }).check();
    await clerk.getByRole("button", { name: "Review" }).click();
    await clerk.waitForURL(/\/review_payment_run$/);
    await expect.poll(() => clerk.getByRole("button", { name: "Create payment run" }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await clerk.getByRole("button", { name: "Create payment run" }).click();
    await clerk.waitForURL(/\/payment_runs\/\d+$/, { timeout: 15_000 });
    await expect.poll(async () => (await admin.get<{ data: { outstanding_balance_pending: string } }>(`/api/invoices/${invoiceId}`)).body.data.outstanding_balance_pending).toBe("0.00");
    await screenshot(clerk, "purchasing-journey-run");
    for (const page of [requester, approver, receiving, clerk, adminPage]) await page.context().close();
    // five people through a whole purchase: about a minute on an idle machine, so the file's 60 s is too short
  }, 180_000);

  it("an administrator overrides a held invoice from its notice, a comment required", async () => {
    const admin = await apiAs("admin@acme.test");
    type Order = { id: number; vendor_id: number; amount: string };
    const [order] = (await admin.get<{ data: Order[] }>("/api/purchase_orders?status=OPEN&currency_code=USD&_end=1")).body.data;
    // billed three times the order: held on its amount; keyed by the clerk, as its creator may not override it
    const amount = round(money(order.amount).times(3));
    const clerk = await apiAs("ap@acme.test");
    const created = await clerk.post<{ data: { id: number; has_open_exceptions: boolean } }>("/api/invoices", {
      number: `INV-O-${Date.now()}`, vendor_id: order.vendor_id, date: "2026-11-21", due_date: "2026-12-21", currency_code: "USD", amount,
      purchase_order_ids: [order.id], debit_entries: [{ account_number: "6000", amount }],
    });
    expect(created.body.data.has_open_exceptions).toBe(true);
    const invoiceId = created.body.data.id;

    const page = await newPage(browser());
    await login(page, "admin@acme.test", `/invoices/${invoiceId}`);
    const held = page.locator('[data-notice="invoices.notices.openExceptions"]');
    await expect.poll(() => held.locator(".ant-alert-message").textContent()).toBe("Held: 1 open matching exception");
    // a careless administrator gives no comment: refused, still held
    await held.getByRole("button", { name: "Override exceptions" }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "OK" }).click();
    await page.getByText("The action could not be done").waitFor();
    expect(await held.count()).toBe(1);
    // with a comment: the notice goes, the exception reads overridden
    await held.getByRole("button", { name: "Override exceptions" }).click();
    await page.getByLabel("Comment", { exact: true }).fill("Agreed with the vendor: billed in advance");
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "OK" }).click();
    await expect.poll(() => held.count()).toBe(0);
    await expect.poll(() => page.locator('[data-relation="match_exceptions"]').getByText("Overridden", { exact: true }).count()).toBe(1);
    const exceptions = (await admin.get<{ data: { status: string; override_comment: string }[] }>(`/api/match_exceptions?invoice_id=${invoiceId}`)).body.data;
    expect(exceptions.map((e) => [e.status, e.override_comment])).toEqual([["OVERRIDDEN", "Agreed with the vendor: billed in advance"]]);
    await page.context().close();
  });

  it("a budget's page links the orders and invoices consuming it", async () => {
    const admin = await apiAs("admin@acme.test");
    type Consumer = { id: number; number: string };
    const budgets = (await admin.get<{ data: { id: number; consuming_orders: Consumer[]; consuming_invoices: Consumer[] }[] }>("/api/budgets?_end=100")).body.data;
    const budget = budgets.find((b) => b.consuming_orders.length > 0 && b.consuming_invoices.length > 0)!;
    expect(budget).toBeDefined();
    const page = await newPage(browser());
    await login(page, "po@acme.test", `/budgets/${budget.id}`);
    const breakdown = page.locator('[data-section="breakdown"]');
    const [order] = budget.consuming_orders;
    const [invoice] = budget.consuming_invoices;
    await expect.poll(() => breakdown.getByRole("link", { name: order.number, exact: true }).getAttribute("href")).toBe(`/purchase_orders/${order.id}`);
    expect(await breakdown.getByRole("link", { name: invoice.number, exact: true }).first().getAttribute("href")).toBe(`/invoices/${invoice.id}`);
    await bothWidths(page, "budget-consumers", breakdown);
    await breakdown.getByRole("link", { name: order.number, exact: true }).click();
    await page.waitForURL(new RegExp(`/purchase_orders/${order.id}$`));
    await page.getByRole("heading", { name: new RegExp(order.number) }).waitFor();
    await page.context().close();
  });
});
