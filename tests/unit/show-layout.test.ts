/**
 * A show page's layout: the key figures at its head (pages/show/key-figures.ts: what the list shows
 * of a row) and the sections its other fields fall in (pages/show/sections.ts); a computed code shown
 * by its label, not as the code.
 */
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json" with { type: "json" };
import { resourceByName, resources } from "../../resources/index.js";
import { cellTexts, codeLabel } from "../../src/framework/cell-text.js";
import { createI18n, type Messages } from "../../src/framework/i18n.js";
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
  });

  it("puts lists of items (GL coding, a budget's consuming orders) under Breakdown", () => {
    expect(section("debit_entries", [{ account_number: "6000", amount: "10.00" }])).toBe("breakdown");
    expect(showSectionOf(resourceByName.get("budgets")!, "consuming_orders", [{ number: "PO-1", status: "PENDING" }])).toBe("breakdown");
    expect(section("debit_entries", [])).toBe("notes");
  });

  it("links a computed list's rows to their records: each names a resource with a show page, and is computed", () => {
    const declaring = resources.filter((r) => r.computedLists);
    expect(declaring.map((r) => r.name)).toContain("budgets");
    for (const r of declaring) {
      for (const [field, target] of Object.entries(r.computedLists ?? {})) {
        expect(r.computed, `${r.name}.${field}`).toContain(field);
        expect(resourceByName.get(target)?.routes.show, `${r.name}.${field} → ${target}`).toBeDefined();
      }
    }
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

describe("a computed field's code", () => {
  const translate = (key: string, fallback: string) => {
    const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    return typeof found === "string" ? found : fallback;
  };
  const { text } = cellTexts({ company: { currency_code: "USD", company_date_format: "MM/DD/YYYY" }, translate, numberLocale: "en-US" });
  const payments = resourceByName.get("payments")!;

  it("shows by its label where the locale has one (a payment's approval status)", () => {
    expect(text(payments, "approval_status", { approval_status: "PENDING" })).toBe("Awaiting approval");
  });

  it("names a flag's two states in its own words where the locale has them, else Yes and No", () => {
    const orders = resourceByName.get("purchase_orders")!;
    expect(text(orders, "fully_matched", { fully_matched: true })).toBe("Matched");
    expect(text(orders, "fully_matched", { fully_matched: false })).toBe("Not matched");
    expect(text(orders, "multiple_vendors", { multiple_vendors: true })).toBe("Yes");
  });

  it("shows as it is where the locale has none, and leaves other text alone", () => {
    expect(text(payments, "functional_currency", { functional_currency: "USD" })).toBe("USD");
    expect(text(payments, "invoice_numbers", { invoice_numbers: "INV-100180, INV-100181" })).toBe("INV-100180, INV-100181");
  });
});

describe("a record type", () => {
  const { text } = cellTexts({
    company: { currency_code: "USD", company_date_format: "MM/DD/YYYY" },
    translate: (key, fallback) => createI18n(en as Messages).t(key, fallback),
    numberLocale: "en-US",
  });

  it("reads as its resource's title, not its table name", () => {
    const activities = resourceByName.get("activities")!;
    expect(text(activities, "item_type", { item_type: "purchase_orders" })).toBe("Purchase Order");
    expect(text(activities, "item_type", { item_type: "invoices" })).toBe("Invoice");
  });
});

describe("a code another list labels", () => {
  const translate = (key: string, fallback: string) => createI18n(en as Messages).t(key, fallback);

  it("reads a sign-in role by the roles' own labels, wherever a column declares them its codes", () => {
    expect(codeLabel(translate, resourceByName.get("contacts")!, "role", "ap_role")).toBe("Accounts payable");
    expect(codeLabel(translate, resourceByName.get("sso_settings")!, "default_role", "staff")).toBe("Staff");
  });
});
