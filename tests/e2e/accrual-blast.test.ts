/**
 * An accrual blast to three vendors in the browser (issue 13, docs/portal.md "Accrual requests"): staff
 * create it and send it; the e-mails arrive (SMTP sink); Northwind answers in the portal signed in,
 * a second vendor through its private link in a fresh browser without an account, the third says no
 * accrual is needed; staff see the stats and book: two accruals, of the answered amounts. A request made
 * on its own is booked from its page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { apiAs, type Api } from "./api.js";
import { login, newPage, screenshot, useBrowser } from "./browser.js";
import { mailedLink } from "./mailbox.js";

const { browser } = useBrowser();
const stamp = Date.now();
const label = `Year-end accruals ${stamp}`;
type Vendor = { id: number; name: string; email: string };

let api: Api;
let staff: Page;
let blastId = 0;
const vendors: Vendor[] = [];
const pages: Page[] = [];

async function open(path?: string): Promise<Page> {
  const page = await newPage(browser());
  pages.push(page);
  if (path) await page.goto(path);
  return page;
}

async function pickVendor(page: Page, n: number, name: string) {
  const select = page.getByRole("combobox", { name: `Vendor ${n}`, exact: true });
  await select.click();
  await select.fill(name);
  // the option of this line's dropdown: the newest one (the earlier lines' dropdowns stay in the page, closing or hidden)
  await page.locator(".ant-select-dropdown").last().locator(".ant-select-item-option", { hasText: name }).first().click();
}

async function fillDate(page: Page, name: string, value: string) {
  const date = page.getByLabel(name, { exact: true });
  await date.click();
  await date.fill(value);
  await date.press("Tab");
}

/** The text of a field on the staff show page (its label's description cell). */
const shown = (page: Page, field: string) => page.locator(".ant-descriptions-item-label", { hasText: new RegExp(`^${field}$`) }).first()
  .locator("xpath=following-sibling::*[1]").textContent();

beforeAll(async () => {
  api = await apiAs("admin@acme.test");
  const all = (await api.get<{ data: { id: number; name: string }[] }>("/api/vendors?_sort=id&_order=asc&_start=0&_end=40")).body.data;
  const northwind = (await api.get<{ data: { id: number; name: string }[] }>("/api/vendors?name=Northwind%20Supplies")).body.data[0];
  vendors.push({ ...northwind, email: "vendor@northwind.test" });
  // two more vendors, each with an accrual-request contact to write to
  for (const [i, vendor] of all.filter((v) => v.id !== northwind.id && !v.name.includes("Northwind")).slice(0, 2).entries()) {
    const email = `accruals-${i + 2}-${stamp}@vendor.test`;
    const contact = await api.post("/api/contacts", {
      first_name: "Accounts", last_name: `Receivable ${i + 2}`, email, contact_type: "VENDOR", vendor_id: vendor.id, vendor_roles: ["ACCRUAL_REQUEST"],
    });
    expect(contact.status).toBe(201);
    vendors.push({ ...vendor, email });
  }
});

afterAll(async () => {
  for (const page of pages) await page.context().close();
});

describe("an accrual blast to three vendors", () => {
  it("is created and sent by staff in the browser", async () => {
    staff = await open();
    await login(staff, "admin@acme.test", "/accrual_blasts/new/Vendor");
    await staff.getByLabel("Label", { exact: true }).fill(label);
    await fillDate(staff, "Start Date", "2026-12-01");
    await fillDate(staff, "End Date", "2026-12-31");
    for (let n = 1; n <= 3; n++) await staff.getByRole("button", { name: "Add line" }).click();
    for (const [i, vendor] of vendors.entries()) await pickVendor(staff, i + 1, vendor.name);
    await staff.getByRole("button", { name: "Save" }).click();
    await staff.waitForURL(/\/accrual_blasts\/\d+$/);
    blastId = Number(staff.url().split("/").pop());
    await expect.poll(() => shown(staff, "Vendors")).toBe("3");

    await staff.getByRole("button", { name: "Send to vendors", exact: true }).click();
    await staff.getByRole("dialog").getByRole("button", { name: "OK", exact: true }).click();
    await staff.getByText("Done").first().waitFor();
    const entries = (await api.get<{ data: { status: string }[] }>(`/api/accrual_entries?accrual_blast_id=${blastId}`)).body.data;
    expect(entries.map((e) => e.status)).toEqual(["SENT", "SENT", "SENT"]);
    await screenshot(staff, "accrual-blast-sent");
  });

  it("Northwind answers in the portal, signed in", async () => {
    // the link names the purchaser (Acme), whichever purchaser the vendor chose last (another test left Globex)
    const link = await mailedLink(vendors[0].email, /\/vendor_portal\/submit_accrual\/\d+\?company_id=\d+/);
    const page = await open();
    await login(page, vendors[0].email, link);
    await page.waitForURL((url) => url.pathname === link.split("?")[0]);
    await page.getByLabel("Amount", { exact: false }).first().fill("420.50");
    await page.getByLabel("What it is for", { exact: true }).fill("December deliveries");
    await page.getByRole("button", { name: "Submit accrual", exact: true }).click();
    await page.getByText("Thank you: your answer has been received.").first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    // the menu folds away as the window narrows: shot once it has
    await page.locator(".ant-layout-sider-collapsed").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "accrual-answer-portal-390");
  });

  it("the second vendor answers through its private link, without an account", async () => {
    const link = await mailedLink(vendors[1].email, /\/private\/[A-Za-z0-9_-]+\/accruals/);
    const page = await open(link);
    await page.getByText(vendors[1].name).waitFor();
    await page.getByLabel("Amount", { exact: false }).first().fill("abc");
    await page.getByRole("button", { name: "Submit accrual", exact: true }).click();
    await page.getByText("Please enter an amount with decimal places.").waitFor();
    // corrected and sent with Enter, as one does in a form (the button's click effect of the refused try may still be running)
    await page.getByLabel("Amount", { exact: false }).first().fill("1250.55");
    await page.getByLabel("Amount", { exact: false }).first().press("Enter");
    await page.getByText("Thank you: your answer has been received.").waitFor();
    await page.getByText("$1,250.55").waitFor();
    await screenshot(page, "accrual-answer-private-link");
  });

  it("the third vendor says no accrual is needed", async () => {
    const link = await mailedLink(vendors[2].email, /\/private\/[A-Za-z0-9_-]+\/accruals/);
    const page = await open(link);
    await page.getByRole("button", { name: "No accrual needed", exact: true }).click();
    await page.getByText("Thank you: your answer has been received.").waitFor();
  });

  it("staff see the stats and book: two accruals of the answered amounts", async () => {
    await staff.reload();
    await expect.poll(() => shown(staff, "Responses")).toBe("3");
    expect(await shown(staff, "Vendors")).toBe("3");
    expect(await shown(staff, "Booked Amount")).toBe("$0.00");
    await staff.getByText("No Accrual", { exact: false }).first().waitFor();
    await screenshot(staff, "accrual-blast-answered");

    await staff.getByRole("button", { name: "Book accruals", exact: true }).click();
    await staff.getByRole("dialog").getByRole("button", { name: "OK", exact: true }).click();
    await expect.poll(() => shown(staff, "Booked Amount")).toBe("$1,671.05");
    expect(await shown(staff, "Status")).toBe("Booked");
    expect(await staff.getByRole("button", { name: "Book accruals", exact: true }).count()).toBe(0);
    const accruals = (await api.get<{ data: { vendor_id: number; amount: string; status: string }[] }>(`/api/accruals?accrual_blast_id=${blastId}&_sort=amount&_order=asc`)).body.data;
    expect(accruals.map((a) => [a.vendor_id, a.amount, a.status])).toEqual([[vendors[0].id, "420.50", "APPROVED"], [vendors[1].id, "1250.55", "APPROVED"]]);
    await screenshot(staff, "accrual-blast-booked");
  });
});

describe("an accrual request on its own", () => {
  it("staff book the vendor's answer from the request's page: one accrual, the request closed", async () => {
    const vendorApi = await apiAs(vendors[0].email);
    // the vendor answers Acme, whichever purchaser its login chose last
    expect((await vendorApi.post(`/api/users/switch_company/${api.companyId}`, {})).status).toBe(200);
    const created = await api.post<{ data: { id: number; number: string } }>("/api/accrual_requests", { vendor_id: vendors[0].id, start_date: "2026-12-01", end_date: "2026-12-31" });
    expect(created.status).toBe(201);
    const { id, number } = created.body.data;
    expect((await api.post(`/api/accrual_requests/${id}/send`, {})).status).toBe(200);
    expect((await vendorApi.post(`/api/portal/accrual_requests/${id}/submit_accrual`, { amount: "318.40", description: "December service" })).status).toBe(200);

    await staff.goto(`/accrual_request/${id}`);
    await expect.poll(() => shown(staff, "Status")).toBe("Submitted");
    await staff.getByRole("button", { name: "Book accrual", exact: true }).click();
    await staff.locator(".ant-modal-confirm", { hasText: `Book the answer of accrual request ${number} as an accrual?` }).getByRole("button", { name: "OK", exact: true }).click();
    await expect.poll(() => shown(staff, "Status")).toBe("Closed");
    expect(await staff.getByRole("button", { name: "Book accrual", exact: true }).count()).toBe(0);
    const request = (await api.get<{ data: { accrual_id: number; accrual: { number: string } } }>(`/api/accrual_requests/${id}`)).body.data;
    const accrual = (await api.get<{ data: { vendor_id: number; amount: string; status: string; accrual_request_id: number } }>(`/api/accruals/${request.accrual_id}`)).body.data;
    expect(accrual).toMatchObject({ vendor_id: vendors[0].id, amount: "318.40", status: "APPROVED", accrual_request_id: id });
    await staff.getByText(request.accrual.number).first().waitFor();
    expect(await staff.getByText(number).count()).toBeGreaterThan(0);
    await screenshot(staff, "accrual-request-booked");
  });
});
