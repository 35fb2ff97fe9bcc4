/**
 * A show page's layout: the key figures at its head (pages/show/key-figures.ts: what the list shows
 * of a row) and the sections its other fields fall in (pages/show/sections.ts).
 */
import { describe, expect, it } from "vitest";
import { resourceByName, resources } from "../../resources/index.js";
import { keyFigures } from "../../src/client/pages/show/key-figures.js";
import { showSectionOf } from "../../src/client/pages/show/sections.js";

const invoices = resourceByName.get("invoices")!;

describe("a record's key figures", () => {
  it("shows an invoice's status first, then its vendor and dates, and its amounts apart", () => {
    const figures = keyFigures(invoices);
    expect(figures.facts.map((c) => c.field)).toEqual(["status", "vendor.name", "date", "due_date", "due_status"]);
    expect(figures.amounts.map((c) => c.field)).toEqual(["amount", "balance_outstanding", "amount_in_functional"]);
  });

  it("leaves the title (the heading) and the list's hidden columns to the sections", () => {
    const { covered } = keyFigures(invoices);
    expect(covered.has("number")).toBe(false);
    expect(covered.has("description")).toBe(false);
    expect(covered.has("currency_code")).toBe(false);
  });

  it("stands a related record's name for the key that refers to it, so the vendor is not shown twice", () => {
    const { covered } = keyFigures(invoices);
    expect(covered.has("vendor_id")).toBe(true);
    expect(covered.has("vendor.name")).toBe(false);
  });

  it("keeps every head a summary: at most six facts and four amounts", () => {
    for (const resource of resources) {
      const figures = keyFigures(resource);
      expect(figures.facts.length, resource.name).toBeLessThanOrEqual(6);
      expect(figures.amounts.length, resource.name).toBeLessThanOrEqual(4);
      expect(figures.facts.findIndex((c) => c.kind === "status" || c.field === resource.statuses?.field), resource.name).toBeLessThan(1);
    }
  });

  it("has none for a resource without a list", () => {
    const bare = { ...invoices, columns: [] };
    expect(keyFigures(bare)).toEqual({ facts: [], amounts: [], covered: new Set() });
  });
});

describe("a show page's sections", () => {
  const section = (field: string, value?: unknown) => showSectionOf(invoices, field, value);

  it("puts fields where the form puts them: details, dates, amounts, notes", () => {
    expect(section("vendor_id")).toBe("details");
    expect(section("reference_number")).toBe("details");
    expect(section("service_start_date")).toBe("dates");
    expect(section("exchange_rate")).toBe("amounts");
    expect(section("payments_sum")).toBe("amounts");
    expect(section("description")).toBe("notes");
    expect(section("debit_entries")).toBe("notes");
  });

  it("gathers who and when under Record", () => {
    for (const field of ["id", "created_at", "updated_at", "created_by_id", "submitted_by_id"]) expect(section(field), field).toBe("record");
    expect(showSectionOf(resourceByName.get("purchase_orders")!, "acknowledged_by_id", 3)).toBe("record");
  });

  it("places a computed field by its value", () => {
    expect(section("amt_overdue_0_to_30", "12.50")).toBe("amounts");
    expect(section("is_invoice_allow_to_delete", true)).toBe("details");
  });
});
