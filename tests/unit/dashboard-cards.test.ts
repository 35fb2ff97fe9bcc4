/**
 * What a phone's row card shows of a list (grid/card-fields.ts), and where a dashboard bar leads
 * (pages/dashboard-links.ts): an aging bucket is the due-date range of the server's bucket.
 */
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import { cardFields } from "../../src/client/grid/card-fields.js";
import { barFilter } from "../../src/client/pages/dashboard-links.js";

describe("a list row's card", () => {
  it("shows the number, the vendor, the status, the amount and the first date of an invoice", () => {
    const invoices = resourceByName.get("invoices")!;
    const fields = cardFields(invoices, invoices.columns.filter((c) => !c.hidden))!;
    expect(fields.title.field).toBe("number");
    expect(fields.details.map((c) => c.field)).toEqual(["vendor.name", "due_status"]);
    expect(fields.status?.field).toBe("status");
    expect(fields.amount?.field).toBe("amount");
    expect(fields.date?.field).toBe("date");
  });

  it("shows the amount the list totals before another one (pay bills: the balance to pay)", () => {
    const payBills = resourceByName.get("invoices_pay_bills")!;
    expect(cardFields(payBills, payBills.columns)!.amount?.field).toBe("outstanding_balance_pending");
  });

  it("has nothing to show without columns", () => {
    expect(cardFields(resourceByName.get("invoices")!, [])).toBeUndefined();
  });
});

describe("a dashboard bar's rows", () => {
  const today = "2026-11-27";
  it("turns an aging bucket into its due-date range, keeping the widget's filter", () => {
    const filter = { status: "PAYABLE" };
    expect(barFilter("aging:due_date", "0-30", filter, today)).toEqual({ status: "PAYABLE", due_date_gte: "2026-10-28" });
    expect(barFilter("aging:due_date", "31-60", filter, today)).toEqual({ status: "PAYABLE", due_date_gte: "2026-09-28", due_date_lte: "2026-10-27" });
    expect(barFilter("aging:due_date", "61+", filter, today)).toEqual({ status: "PAYABLE", due_date_lte: "2026-09-27" });
  });

  it("turns a month into its first and last day, and a column value into itself", () => {
    expect(barFilter("month:date", "2026-02", { date_gte: "2025-12-01" }, today)).toEqual({ date_gte: "2026-02-01", date_lte: "2026-02-28" });
    expect(barFilter("status", "OPEN", {}, today)).toEqual({ status: "OPEN" });
    expect(barFilter("status", null, {}, today)).toBeUndefined();
  });
});
