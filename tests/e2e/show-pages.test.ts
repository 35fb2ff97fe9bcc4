/**
 * Issue 17, show pages laid out (pages/show/): the record's head — title, actions, key figures, the
 * amounts large — above its other fields in sections (Details, Dates, Amounts, Notes, Breakdown, Record), each
 * field once, in plain words (a computed code too), at 1440 and 390 px. A sweep reads the show page of
 * fifteen kinds of record in plain words, and an activity's record type reads as the resource's title.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright";
import { resourceByName } from "../../resources/index.js";
import { pathFor } from "../../src/client/registry.js";
import { apiAs } from "./api.js";
import { login, navigate, newPage, screenshot, useBrowser } from "./browser.js";
import { chooseOption } from "./forms.js";
import { expectPlainWords, plainWordProblems } from "./page-text.js";

const { browser } = useBrowser();
const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

/** The value beside a label of the head's key figures. */
const figure = (head: Locator, label: string) =>
  head.locator(".ant-descriptions-item-label", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::*[1]");

/** How many times a field's label shows on the page (head and sections together). */
const labelCount = (page: Page, label: string) => page.locator(".ant-descriptions-item-label", { hasText: new RegExp(`^${label}$`) }).count();

// a breakdown (tables, not label and value) is titled by a heading of its own
const sectionTitles = (page: Page) => page.locator("[data-section] .ant-descriptions-title, [data-section] > h5").allTextContents();

describe("a show page's head and sections", () => {
  it("shows an invoice's key figures and actions above its fields in sections, each field once, on a desktop and a phone", async () => {
    const ap = await apiAs("ap@acme.test");
    const vendors = await ap.get<{ data: { id: number; name: string }[] }>("/api/vendors?_end=1");
    const vendor = vendors.body.data[0];
    const number = `E2E-SHOW-${Date.now()}`;
    const created = await ap.post<{ data: { id: number } }>("/api/invoices", {
      number, vendor_id: vendor.id, date: "2026-11-02", due_date: "2026-12-02", amount: "4321.50", currency_code: "USD",
      description: "Quarterly maintenance of the loading docks", debit_entries: [{ account_number: "6000", amount: "4321.50" }],
    });
    expect(created.status).toBe(201);

    const page = await newPage(browser());
    await page.setViewportSize(desktop);
    await login(page, "ap@acme.test", `/invoices/${created.body.data.id}`);
    const head = page.locator("[data-head]");
    await head.getByRole("heading", { name: `Invoice ${number}`, exact: true }).waitFor();

    // the head: status, vendor (linked), dates; the amounts; the actions beside the title
    expect(await figure(head, "Status").textContent()).toBe("New");
    expect(await figure(head, "Vendor").getByRole("link").textContent()).toBe(vendor.name);
    expect(await figure(head, "Due Date").textContent()).toBe("12/02/2026");
    expect(await figure(head, "Amount").textContent()).toBe("$4,321.50");
    expect(await figure(head, "Balance").textContent()).toBe("$4,321.50");
    await head.getByRole("button", { name: "Edit" }).waitFor();
    await head.getByRole("button", { name: "Submit for approval" }).waitFor();

    // the other fields in sections, in the form's order, who and when last; nothing the head shows repeated
    expect(await sectionTitles(page)).toEqual(["Details", "Dates", "Amounts", "Notes", "Breakdown", "Record"]);
    const section = (name: string) => page.locator(`[data-section="${name}"]`);
    expect(await section("breakdown").innerText()).toContain("6000");
    expect(await section("details").innerText()).toContain(number);
    expect(await section("notes").innerText()).toContain("Quarterly maintenance of the loading docks");
    expect(await section("record").innerText()).toContain("Created By");
    for (const label of ["Status", "Vendor", "Amount", "Balance", "Due Date"]) expect(await labelCount(page, label), label).toBe(1);
    // the head comes first
    const [headBox, fieldsBox] = await Promise.all([head.boundingBox(), section("details").boundingBox()]);
    expect(headBox!.y + headBox!.height).toBeLessThanOrEqual(fieldsBox!.y);

    await expectPlainWords(page, "invoice show");
    await screenshot(page, "show-invoice-1440");

    // a phone: the same head, stacked; the actions and the amount inside the window, before the fields
    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    for (const shown of [head.getByRole("button", { name: "Submit for approval" }), figure(head, "Amount")]) {
      const box = (await shown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      expect(box.y).toBeLessThan((await section("details").boundingBox())!.y);
    }
    await expectPlainWords(page, "invoice show on a phone");
    await screenshot(page, "show-invoice-390");
    await page.close();
  });

  it("lays out a purchase order the same way, its amounts from its list (amount, open balance)", async () => {
    const admin = await apiAs("admin@acme.test");
    const orders = await admin.get<{ data: { id: number; number: string }[] }>("/api/purchase_orders?_end=1");
    const order = orders.body.data[0];
    const page = await newPage(browser());
    await page.setViewportSize(desktop);
    await login(page, "admin@acme.test", `/purchase_orders/${order.id}`);
    const head = page.locator("[data-head]");
    await head.getByRole("heading", { name: new RegExp(`${order.number}$`) }).waitFor();
    expect(await figure(head, "Amount").textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(await figure(head, "Open Balance").textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(await labelCount(page, "Open Balance")).toBe(1);
    expect((await sectionTitles(page)).at(-1)).toBe("Record");
    await expectPlainWords(page, "purchase order show");
    await screenshot(page, "show-po-1440");
    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    await screenshot(page, "show-po-390");
    await page.close();
  });

  it("names a payment's approval status, a computed code, in words", async () => {
    const admin = await apiAs("admin@acme.test");
    const payments = await admin.get<{ data: { id: number; payment_number: string; approval_status: string }[] }>("/api/payments?status=PENDING&_end=1");
    const payment = payments.body.data[0];
    expect(payment.approval_status).toBe("PENDING");
    const page = await newPage(browser());
    await page.setViewportSize(desktop);
    await login(page, "admin@acme.test", `/payments/${payment.id}`);
    await page.locator("[data-head]").getByRole("heading", { name: `Payment ${payment.payment_number}`, exact: true }).waitFor();
    const approvalStatus = page.locator(".ant-descriptions-item-label", { hasText: /^Approval Status$/ }).locator("xpath=following-sibling::*[1]");
    expect(await approvalStatus.textContent()).toBe("Awaiting approval");
    await expectPlainWords(page, "payment show");
    await screenshot(page, "show-payment-1440");
    await page.close();
  });

  it("reads fifteen kinds of record in plain words", async () => {
    const admin = await apiAs("admin@acme.test");
    const swept = ["invoices", "payments", "vendors", "purchase_orders", "receipts", "expense_reports", "card_transactions", "accruals",
      "accrual_blasts", "contacts", "documents", "activities", "payment_runs", "budgets", "reports"];
    const page = await newPage(browser());
    await page.setViewportSize(desktop);
    await login(page, "admin@acme.test", "/dashboard");
    const problems: Record<string, string[]> = {};
    for (const name of swept) {
      const { body } = await admin.get<{ data: { id: number }[] }>(`/api/${name}?_sort=id&_order=desc&_end=1`);
      expect(body.data?.length, `a record of ${name}`).toBe(1);
      const show = resourceByName.get(name)!.routes.show!;
      await navigate(page, pathFor(show, body.data[0].id));
      // a hand-written show page (a payment run's) has no generated sections: its heading and data then
      const handWritten = resourceByName.get(name)!.routes.views?.some((v) => v.path === show && v.component);
      if (handWritten) {
        await page.locator(".ant-layout-content h3, .ant-layout-content h4").first().waitFor();
        await page.waitForLoadState("networkidle");
      } else await page.locator("[data-section]").first().waitFor();
      const found = await plainWordProblems(page);
      if (found.length) problems[`${name} ${body.data[0].id}`] = found;
    }
    expect(problems).toEqual({});
    await page.close();
  });

  it("names an activity's record type by the resource's title, in the list, its filter and the activity", async () => {
    const page = await newPage(browser());
    await page.setViewportSize(desktop);
    await login(page, "admin@acme.test", "/activities");
    await page.locator("tr[data-row-key]").first().waitFor();
    // the fourth cell, after the tick box, the time and the event: titles ("Invoice"), never table names ("purchase_orders")
    const types = () => page.locator("tr[data-row-key] td:nth-child(4)").allInnerTexts();
    expect((await types()).filter((type) => !/^[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*$/.test(type))).toEqual([]);
    await expectPlainWords(page, "activities list");
    await screenshot(page, "activities-list-1440");

    await page.getByRole("button", { name: "Filters" }).click();
    await chooseOption(page, "Record Type", "Purchase Order", "Purchase");
    await page.keyboard.press("Escape");
    await expect.poll(async () => [...new Set(await types())]).toEqual(["Purchase Order"]);

    await page.locator("tr[data-row-key] a").first().click();
    await page.locator("[data-section]").first().waitFor();
    await expect.poll(() => page.locator("[data-head]").getByRole("heading").first().innerText()).toBe("Activity Purchase Order");
    await expect.poll(() => page.locator(".ant-breadcrumb").innerText()).toMatch(/Activities\s*\/\s*Purchase Order$/);
    await expectPlainWords(page, "activity show page");
    await screenshot(page, "show-activity-1440");
    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    await screenshot(page, "show-activity-390");
    await page.close();
  });
});
