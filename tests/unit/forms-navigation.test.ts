/**
 * The menu by role (areas, approvals gathered, the role's frequent areas first), where a saved
 * record opens, who may pick from a resource's options, and the form's summary lines.
 */
import { describe, expect, it } from "vitest";
import { resources, resourceByName } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { frequentAreas } from "../../src/client/layout/menu-areas.js";
import { problemsOf, plainErrors } from "../../src/client/pages/form/messages.js";
import { menuGroups, openedPath } from "../../src/client/registry.js";
import { mayChooseFrom } from "../../src/framework/references.js";
import { keysOfRole } from "../../src/framework/roles.js";
import { createI18n } from "../../src/framework/i18n.js";

const principal = (role: string) => ({
  perm_resources: keysOfRole(role),
  module_settings: { invoices_active: true, purchase_orders_active: true, vendors_active: true, expenses_active: true, receipts_active: true },
});

describe("menu by role", () => {
  it("puts a role's frequent areas first, in its order, and every approval list under Approvals", () => {
    const staff = menuGroups(resources, pages, principal("staff"), frequentAreas.staff).map((g) => g.group);
    const present = frequentAreas.staff.filter((g) => staff.includes(g));
    expect(staff.slice(0, present.length)).toEqual(present);
    const admin = menuGroups(resources, pages, principal("admin"), frequentAreas.admin);
    const approvals = admin.find((g) => g.group === "approvals")!.entries.map((e) => e.path);
    expect(approvals).toEqual(expect.arrayContaining(["/po_approvals", "/expense_approvals"]));
    expect(admin.filter((g) => g.group !== "approvals").flatMap((g) => g.entries.map((e) => e.path))).not.toContain("/po_approvals");
  });
});

describe("after save", () => {
  it("opens the record's show page, its table's, else its edit page", () => {
    expect(openedPath("invoices", { id: 7 }, principal("admin"))).toBe("/invoices/7");
    // a requester may not open purchase orders: the PO request opens in its own edit page
    expect(openedPath("purchase_order_requests", { id: 9 }, principal("staff"))).toBe("/purchase_orders/requests/9/edit");
  });
});

describe("reference options", () => {
  it("a requester may pick vendors without listing them; a receiving manager may not pick expense reports", () => {
    expect(mayChooseFrom(principal("staff"), resourceByName.get("vendors")!, resources)).toBe(true);
    expect(mayChooseFrom(principal("rcv_manager"), resourceByName.get("expense_reports")!, resources)).toBe(false);
  });
});

describe("form messages", () => {
  const schema = { type: "object", properties: {
    country: { type: "string", title: "Country", pattern: "^[A-Z]{2}$" },
    po_items: { type: "array", title: "Items", items: { type: "object", properties: { quantity: { type: "string", title: "Quantity" } } } },
  } } as const;
  const t = createI18n({ validation: { countryCode: "must be a two-letter country code, such as US or ES" } }).t;

  it("replaces ajv's pattern message with plain words", () => {
    const [error] = plainErrors([{ name: "pattern", params: { pattern: "^[A-Z]{2}$" }, property: ".country", message: "must match pattern \"^[A-Z]{2}$\"", stack: "" }], schema, t);
    expect(error.message).toBe("must be a two-letter country code, such as US or ES");
  });

  it("names a line's field by its collection and line number; base messages are not field lines", () => {
    const problems = problemsOf({ country: ["is invalid"], "po_items.1.quantity": ["must be a number"], base: ["Refused"] }, schema, (f) => f);
    expect(problems).toEqual([
      { field: "country", label: "Country", message: "is invalid" },
      { field: "po_items", label: "Items · 2 · Quantity", message: "must be a number" },
    ]);
  });
});
