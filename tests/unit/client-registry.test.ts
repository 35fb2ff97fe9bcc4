import { describe, expect, it } from "vitest";
import { resources, resourceByName } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { manifestRoutes, routeShape } from "../../src/framework/manifest.js";
import { canOpen } from "../../src/framework/permissions.js";
import { pagePermissions, pathParams, routesOf } from "../../src/framework/resource.js";
import { keysOfRole } from "../../src/framework/roles.js";
import { isWritable, propertiesOf } from "../../src/framework/schema.js";
import {
  apiKey, filterFields, grammarField, grammarFilter, menuGroups, pathFor, recordName, routeFilters, routePrefill, routeValues, rowActionsFor, showPath,
} from "../../src/client/registry.js";
import { resetOldLayouts } from "../../src/client/grid/layout.js";
import { toCsv } from "../../src/framework/csv.js";
import { utcDateBound } from "../../src/client/grid/filters.js";
import { withPreset } from "../../src/client/providers/data.js";
import { maskCard, pairs } from "../../src/framework/cell-text.js";
import { customPages } from "../../src/client/pages/custom/index.js";

const principal = (role: string) => ({
  perm_resources: keysOfRole(role),
  module_settings: { invoices_active: true, purchase_orders_active: true, vendors_active: true },
});

const routes = manifestRoutes(resources, pages);
const entries = resources.flatMap(routesOf);

/** Conventions every declaration must follow for the client to render it (checked on every branch). */
describe("the route manifest", () => {
  it("has each path once, and no two paths matching the same URLs", () => {
    const shapes = routes.map((r) => routeShape(r.path));
    const twice = shapes.filter((s, i) => shapes.indexOf(s) !== i);
    expect(twice).toEqual([]);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/invoices", "/invoices_all", "/invoices/:invoiceID", "/edit_contact/:contactID", "/dashboard", "/settings"]));
  });

  it("guards every resource route with declared keys (an undeclared action has no route)", () => {
    expect(entries.filter((e) => pagePermissions(e.resource, e.page) === undefined).map((e) => e.path)).toEqual([]);
  });

  it("names the record in the first parameter of record pages, and nowhere else needs one", () => {
    for (const entry of entries) {
      if (["show", "edit", "duplicate", "approval"].includes(entry.page)) expect(entry.idParam, entry.path).toBe(pathParams(entry.path)[0]);
      else expect(entry.idParam, entry.path).toBeUndefined();
    }
  });

  it("maps view parameters to filterable fields (lists) or writable fields (forms)", () => {
    const wrong = entries.flatMap((entry) => Object.entries(entry.view?.params ?? {}).flatMap(([param, key]) => {
      const properties = propertiesOf(entry.resource);
      const ok = entry.page === "list" ? filterFields(entry.resource).has(grammarField(key))
        : entry.page === "create" || entry.page === "duplicate" ? Boolean(properties[key] && isWritable(entry.resource, key, properties[key], "create"))
          : true;
      return ok ? [] : [`${entry.path} ${param} → ${key}`];
    }));
    expect(wrong).toEqual([]);
  });

  it("declares dashboards with widgets over known resources, and hand-written pages the client has", () => {
    for (const page of pages) {
      if (page.kind === "dashboard") {
        expect(page.variants?.length, page.path).toBeGreaterThan(0);
        for (const widget of page.variants!.flatMap((v) => v.widgets)) {
          expect(resourceByName.has(widget.resource), widget.resource).toBe(true);
          // a list widget shows declared columns of its resource
          if (widget.type === "list") expect(widget.columns.filter((f) => !resourceByName.get(widget.resource)!.columns.some((c) => c.field === f)), widget.title).toEqual([]);
        }
      } else {
        expect(Object.keys(customPages), page.path).toContain(page.component);
      }
    }
  });

  it("merges a view declared on the list path into the list route", () => {
    const contacts = entries.filter((r) => r.path === "/contacts");
    expect(contacts).toHaveLength(1);
    expect(contacts[0].view?.params).toEqual({ vendorName: "vendor.name_like" });
  });

  it("guards with the any-one rule and the module", () => {
    const settings = routes.find((r) => r.path === "/settings")!;
    expect(canOpen(principal("admin_readonly"), settings)).toBe(true);
    expect(canOpen(principal("staff"), settings)).toBe(false);
    const invoices = routes.find((r) => r.path === "/invoices")!;
    expect(canOpen(principal("ap_role"), invoices)).toBe(true);
    expect(canOpen({ ...principal("ap_role"), module_settings: {} }, invoices)).toBe(false);
    expect(canOpen(principal("admin"), { permissions: undefined })).toBe(false);
  });
});

describe("route parameters", () => {
  const entry = (path: string, page: "list" | "create" | "duplicate" | "edit", params?: Record<string, string>) =>
    ({ path, page, view: params ? { path, params } : undefined, idParam: page === "duplicate" || page === "edit" ? pathParams(path)[0] : undefined });

  it("take the record id from the first path parameter; the others are values", () => {
    const edit = entry("/accrual_blasts/edit/:accrual_blast_id/:accrual_option", "edit");
    expect(edit.idParam).toBe("accrual_blast_id");
    expect(routeValues(edit, { accrual_blast_id: "4", accrual_option: "vendor" }, new URLSearchParams()).fromPath).toEqual({ accrual_option: "vendor" });
  });

  it("map query parameters the view lists, and nothing else", () => {
    const values = routeValues(entry("/log_new_receipt", "create", { poID: "purchase_order_id" }), {}, new URLSearchParams("poID=7&flag=1"));
    expect(values).toEqual({ fromPath: {}, fromQuery: { purchase_order_id: "7" } });
  });

  it("prefill writable fields of the same name, typed; other parameters are ignored", () => {
    const invoices = resourceByName.get("invoices")!;
    expect(routePrefill(invoices, { vendor_id: "7", companyID: "1", description: "x", balance_outstanding: "5" })).toEqual({ vendor_id: 7, description: "x" });
  });

  it("filter lists on known fields only", () => {
    const invoices = resourceByName.get("invoices")!;
    expect(routeFilters(invoices, { "vendor.name_like": "Acme", filterID: "3", status: "NEW" })).toEqual([
      { field: "vendor.name", operator: "contains", value: "Acme" },
      { field: "status", operator: "eq", value: "NEW" },
    ]);
  });

  it("fill ids (and the row's other parameters) into paths", () => {
    expect(pathFor("/invoices/:invoiceID/edit", 7)).toBe("/invoices/7/edit");
    expect(pathFor("/accrual_blasts/new/:accrualBlastID/:accrual_option", 3, { accrual_option: "vendor" })).toBe("/accrual_blasts/new/3/vendor");
    expect(showPath("vendors", 3)).toBe("/vendors/3");
    expect(showPath("po_items", 3)).toBeUndefined();
  });

  it("work with trailing-slash paths", () => {
    expect(routeShape("/credit_memos_approval/")).toBe(routeShape("/credit_memos_approval"));
    expect(routeShape("/vcards/:vcardID")).toBe(routeShape("/vcards/:id"));
  });
});

describe("record names", () => {
  it("join the name fields a resource declares (a contact: first and last name), else its title, else the id", () => {
    expect(recordName(resourceByName.get("contacts")!, { id: 4, first_name: "Staff", last_name: "Acme" })).toBe("Staff Acme");
    expect(recordName(resourceByName.get("contacts")!, { id: 4, first_name: null, last_name: "Acme" })).toBe("Acme");
    expect(recordName(resourceByName.get("invoices")!, { id: 9, number: "INV-9" })).toBe("INV-9");
    expect(recordName(resourceByName.get("invoices")!, { id: 9, number: null })).toBe("9");
  });

  it("are declared with fields the resource has", () => {
    for (const resource of resources) {
      const known = ["id", ...Object.keys(propertiesOf(resource)), ...(resource.computed ?? [])];
      for (const field of resource.nameFields ?? [resource.title]) expect(known, `${resource.name}.${field}`).toContain(field);
    }
  });
});

describe("menu", () => {
  const rank = ["dashboards", "payables", "payments", "purchasing", "receiving", "accruals", "expenses", "cards", "vendors", "accounting", "admin"];

  it("shows only what the role may open, grouped, dashboards first, ranked groups in order", () => {
    const admin = menuGroups(resources, pages, principal("admin")).map((g) => g.group);
    expect(admin[0]).toBe("dashboards");
    const ranked = admin.filter((g) => rank.includes(g));
    expect(ranked).toEqual([...ranked].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)));
    expect(admin).toEqual(expect.arrayContaining(["payables", "purchasing", "vendors", "admin"]));
    const staff = menuGroups(resources, pages, principal("staff")).flatMap((g) => g.entries.map((e) => e.path));
    expect(staff).not.toContain("/invoices");
    expect(staff).toContain("/dashboard");
    expect(staff).not.toContain("/dashboard/receiving");
    expect(menuGroups(resources, pages, principal("admin")).flatMap((g) => g.entries.map((e) => e.path))).toContain("/settings");
  });

  it("lists an alias of a page once", () => {
    const alias = { ...pages.find((p) => p.path === "/dashboard")!, path: "/home_alias" };
    const entries = menuGroups(resources, [...pages, alias], principal("admin")).flatMap((g) => g.entries.map((e) => e.path));
    expect(entries).toContain("/dashboard");
    expect(entries).not.toContain("/home_alias");
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
    expect(grammarFilter("vendor_id_null", "true")).toEqual({ field: "vendor_id_null", operator: "eq", value: "true" });
    expect(apiKey(grammarFilter("amount_gte", "5"))).toBe("amount_gte");
  });

  it("always applies a view's preset: a user filter on the same query key gives way", () => {
    const preset = [grammarFilter("status", "PENDING")];
    const user = [grammarFilter("status", ["PAID"]), grammarFilter("amount_gte", "5")];
    expect(withPreset(user, preset)).toEqual([user[1], preset[0]]);
  });

  it("compares dates on the UTC date", () => {
    expect(utcDateBound("2026-03-04", "gte", false)).toBe("2026-03-04");
    expect(utcDateBound("2026-03-04", "gte", true)).toBe("2026-03-04T00:00:00.000Z");
    expect(utcDateBound("2026-03-04", "lte", true)).toBe("2026-03-04T23:59:59.999Z");
  });
});

describe("cards", () => {
  it("show masked with the last four digits", () => {
    expect(maskCard("1234")).toBe("**** **** **** 1234");
    expect(maskCard(42)).toBe("**** **** **** **42");
  });
});

describe("exports", () => {
  it("neutralises formula cells through the shared writer (framework/csv.ts), numbers stay numbers", () => {
    expect(toCsv(["Number", "Amount"], [["=1+1", "-12.50"], ["\t=cmd", "@x"]])).toBe("Number,Amount\r\n'=1+1,-12.50\r\n'\t=cmd,'@x");
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

describe("values as text", () => {
  it("shows an audit diff and small objects", () => {
    expect(pairs({ status: [null, "ACTIVE"], amount: ["1.00", "2.00"] })).toBe("status: — → ACTIVE; amount: 1.00 → 2.00");
    expect(pairs({ a: 1, b: ["x", "y", "z"] })).toBe("a: 1; b: x, y, z");
  });
});
