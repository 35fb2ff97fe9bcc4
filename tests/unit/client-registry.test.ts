import { describe, expect, it } from "vitest";
import { resources, resourceByName } from "../../resources/index.js";
import { keysOfRole } from "../../src/framework/roles.js";
import { grammarFilter, menuGroups, pathFor, resourceRoutes, rowActionsFor, showPath } from "../../src/client/registry.js";
import { resetOldLayouts } from "../../src/client/grid/layout.js";
import { safeCell, toCsv } from "../../src/client/grid/export.js";

const principal = (role: string) => ({
  perm_resources: keysOfRole(role),
  module_settings: { invoices_active: true, purchase_orders_active: true, vendors_active: true },
});

describe("routes from the registry", () => {
  const routes = resourceRoutes(resources);
  const paths = routes.map((r) => r.path);

  it("declares exactly the registry's paths, once each", () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(["/invoices", "/invoices_all", "/invoices/:invoiceID", "/invoices/:invoiceID/edit", "/edit_contact/:contactID"]));
  });

  it("merges a view declared on the list path into the list route", () => {
    const contacts = routes.filter((r) => r.path === "/contacts");
    expect(contacts).toHaveLength(1);
    expect(contacts[0].view?.params).toEqual({ vendorName: "vendor.name_like" });
  });

  it("fills ids into paths", () => {
    expect(pathFor("/invoices/:invoiceID/edit", 7)).toBe("/invoices/7/edit");
    expect(showPath("vendors", 3)).toBe("/vendors/3");
    expect(showPath("po_items", 3)).toBeUndefined();
  });
});

describe("menu", () => {
  it("shows only what the role may list, grouped", () => {
    const admin = menuGroups(resources, principal("admin")).map((g) => g.group);
    // the ordered groups first, then groups the client does not rank yet (accounting …)
    expect(admin.slice(0, 4)).toEqual(["payables", "purchasing", "vendors", "admin"]);
    expect(admin).toContain("accounting");
    const staff = menuGroups(resources, principal("staff")).flatMap((g) => g.entries.map((e) => e.path));
    expect(staff).not.toContain("/invoices");
  });
});

describe("row actions", () => {
  const invoices = resourceByName.get("invoices")!;
  it("follow permission and condition", () => {
    const row = { id: 1, status: "NEW", is_invoice_allow_to_delete: true };
    expect(rowActionsFor(invoices, principal("admin"), row).map((a) => a.action)).toEqual(["edit", "delete"]);
    expect(rowActionsFor(invoices, principal("admin"), { ...row, status: "PAID", is_invoice_allow_to_delete: false })).toEqual([]);
    expect(rowActionsFor(invoices, principal("ap_role"), row).map((a) => a.action)).toEqual(["edit"]);
  });
});

describe("query grammar", () => {
  it("maps view parameters to filters", () => {
    expect(grammarFilter("vendor.name_like", "Acme")).toEqual({ field: "vendor.name", operator: "contains", value: "Acme" });
    expect(grammarFilter("amount_gte", "5")).toEqual({ field: "amount", operator: "gte", value: "5" });
    expect(grammarFilter("status", ["NEW"])).toEqual({ field: "status", operator: "in", value: ["NEW"] });
  });
});

describe("exports", () => {
  it("neutralises formula cells", () => {
    expect(["=SUM(A1)", "+1", "-2", "@x", "ok"].map(safeCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@x", "ok"]);
    expect(toCsv({ name: "Invoices", head: ["Number"], body: [["=1+1"]] })).toBe("Number\r\n'=1+1");
  });
});

describe("grid layouts", () => {
  it("are cleared once by the reset key", () => {
    const data = new Map<string, string>([["ai.grid.invoices.1", "{}"], ["other", "x"]]);
    const storage = {
      get length() { return data.size; },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
    } as Storage;
    resetOldLayouts(storage);
    expect([...data.keys()].sort()).toEqual(["ai.grid.resetDefaultState_1", "other"]);
    data.set("ai.grid.invoices.1", "{}");
    resetOldLayouts(storage);
    expect(data.has("ai.grid.invoices.1")).toBe(true);
  });
});
