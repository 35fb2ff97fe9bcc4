import { describe, expect, it } from "vitest";
import invoices from "../../resources/invoices.js";
import { agingOf, daysPastDue, dueStatus } from "../../src/server/domain/payables/aging.js";
import { matches } from "../../src/framework/conditions.js";
import { lineTotal, linesTotal } from "../../src/framework/lines.js";
import { isWritable, propertiesOf } from "../../src/framework/schema.js";
import { resourceByName, resources } from "../../resources/index.js";
import { formatDate } from "../../src/framework/dates.js";
import { formatMoney, round, sum } from "../../src/framework/money.js";
import { can, canAct } from "../../src/framework/permissions.js";
import { parseListQuery, QueryError } from "../../src/server/resources/grammar.js";
import { keysOfRole, roles } from "../../src/framework/roles.js";
import { passwordRule } from "../../src/server/domain/identity/passwords.js";
import { portalProblems } from "../../src/server/resources/portal.js";

const fields = new Set(["id", "status", "amount", "due_date", "vendor.name"]);

describe("list query grammar", () => {
  it("parses paging, sorting and every operator", () => {
    const q = parseListQuery({ _start: "10", _end: "35", _sort: "due_date", _order: "desc", amount_gte: "5", amount_lte: "9", "vendor.name_like": "acme", status_ne: "PAID", due_date_null: "false", q: " inv " }, invoices, fields);
    expect(q).toMatchObject({ start: 10, end: 35, sort: [{ field: "due_date", order: "desc" }], q: "inv" });
    expect(q.filters).toEqual([
      { field: "amount", op: "gte", values: ["5"] },
      { field: "amount", op: "lte", values: ["9"] },
      { field: "vendor.name", op: "like", values: ["acme"] },
      { field: "status", op: "ne", values: ["PAID"] },
      { field: "due_date", op: "null", values: ["false"] },
    ]);
  });

  it("expands composite statuses and repeated values into IN", () => {
    expect(parseListQuery({ status: ["PAYABLE", "NEW"] }, invoices, fields).filters).toEqual([{ field: "status", op: "in", values: ["APPROVED", "OPEN", "NEW"] }]);
  });

  it("defaults the sort and refuses unknown fields and silly pages", () => {
    expect(parseListQuery({}, invoices, fields).sort).toEqual([{ field: "id", order: "desc" }]);
    expect(() => parseListQuery({ _sort: "secret" }, invoices, fields)).toThrow(QueryError);
    expect(() => parseListQuery({ secret: "1" }, invoices, fields)).toThrow(QueryError);
    expect(() => parseListQuery({ _start: "-1" }, invoices, fields)).toThrow(QueryError);
    expect(() => parseListQuery({ _start: "0", _end: "5000" }, invoices, fields)).toThrow(QueryError);
    expect(() => parseListQuery({ _order: "sideways", _sort: "id" }, invoices, fields)).toThrow(QueryError);
  });
});

describe("conditions", () => {
  const row = { status: "NEW", count: 0, flags: { ok: true } };
  it("evaluates equality, lists, comparisons and paths", () => {
    expect(matches({ status: "NEW" }, row)).toBe(true);
    expect(matches({ status: ["PAID", "CLOSED"] }, row)).toBe(false);
    expect(matches({ count: { lte: 0 } }, row)).toBe(true);
    expect(matches({ count: { gte: 1 } }, row)).toBe(false);
    expect(matches({ "flags.ok": true, status: { ne: "PAID" } }, row)).toBe(true);
    expect(matches(undefined, row)).toBe(true);
    // data-spec 2: open lines have qty_balance above zero (decimal strings compare as numbers)
    expect(matches({ qty_balance: { gt: 0 } }, { qty_balance: "0.5" })).toBe(true);
    expect(matches({ qty_balance: { gt: 0 } }, { qty_balance: "0" })).toBe(false);
    expect(matches({ count: { lt: 1 } }, row)).toBe(true);
  });
});

describe("money", () => {
  it("is exact and rounds half-up once", () => {
    expect(sum(["0.10", "0.20"])).toBe("0.30");
    expect(round("2.345")).toBe("2.35");
    expect(round(1.005)).toBe("1.01");
    expect(formatMoney("1234.5", "USD")).toBe("$1,234.50");
    expect(formatMoney("1234.5", "EUR", "de-DE")).toMatch(/1\.234,50/);
  });
});

describe("dates, due status and aging", () => {
  it("formats per company setting", () => {
    expect(formatDate("2026-03-04", "MM/DD/YYYY")).toBe("03/04/2026");
    expect(formatDate("2026-03-04", "DD/MM/YYYY")).toBe("04/03/2026");
    expect(formatDate(null)).toBe("");
  });
  it("computes due status", () => {
    expect(dueStatus("2026-11-20", "2026-11-21")).toBe("PAST DUE");
    expect(dueStatus("2026-11-21", "2026-11-21")).toBe("DUE TODAY");
    expect(dueStatus("2026-11-28", "2026-11-21")).toBe("DUE SOON");
    expect(dueStatus("2026-11-29", "2026-11-21")).toBe("NEW");
  });
  it("puts the balance in exactly one bucket", () => {
    const aging = (due: string) => agingOf("10", daysPastDue(due, "2026-11-21"));
    expect(aging("2026-11-01")).toEqual({ amount_overDue: "10.00", amt_overdue_0_to_30: "10.00", amt_overdue_31_to_60: "0.00", amt_overdue_61_to_over: "0.00" });
    expect(aging("2026-10-01").amt_overdue_31_to_60).toBe("10.00");
    expect(aging("2026-09-01").amt_overdue_61_to_over).toBe("10.00");
    expect(aging("2026-12-01").amount_overDue).toBe("0.00");
    expect(daysPastDue("2026-03-01", "2026-03-29")).toBe(28); // across the DST change, whole days
  });
});

describe("permissions", () => {
  const principal = { perm_resources: ["listInvoices"], module_settings: { invoices_active: true, purchase_orders_active: false } };
  it("applies the any-one rule over perm_resources and module settings", () => {
    expect(can(principal, ["readInvoices", "listInvoices"])).toBe(true);
    expect(can(principal, ["readInvoices"])).toBe(false);
    expect(can(principal, ["invoices_active"])).toBe(true);
    expect(can(principal, ["purchase_orders_active"])).toBe(false);
    expect(can(principal, [])).toBe(true);
  });
  it("does not let vendor-portal users pass a staff guard made of module keys", () => {
    expect(can({ ...principal, portal: true }, ["invoices_active"])).toBe(false);
    expect(can({ ...principal, portal: true }, ["listInvoices"])).toBe(true);
    expect(canAct({ ...principal, portal: true }, invoices, "list")).toBe(false);
  });
  it("needs the resource's module and a declared action", () => {
    expect(canAct(principal, invoices, "list")).toBe(true);
    expect(canAct(principal, invoices, "delete")).toBe(false);
    expect(canAct({ ...principal, module_settings: {} }, invoices, "list")).toBe(false);
  });
  it("gives read-only roles no writing key", () => {
    expect(keysOfRole("admin_readonly").some((k) => /^(add|edit|delete|pay)/.test(k))).toBe(false);
    expect(keysOfRole("admin_readonly")).toContain("listInvoices");
    expect(keysOfRole("vendor")).not.toContain("listInvoices");
    expect(keysOfRole("nobody")).toEqual([]);
    expect(Object.keys(roles)).toEqual(expect.arrayContaining(["admin", "admin_readonly", "po_manager", "po_admin", "rcv_manager", "manager", "staff", "vendor", "ap_role"]));
  });
});

describe("password rule", () => {
  it("wants 8+ with lower, upper, digit and a symbol", () => {
    expect(passwordRule.test("Demo!2026pass")).toBe(true);
    for (const weak of ["Sh0rt!", "nouppercase1!", "NOLOWER1!", "NoDigits!!", "NoSymbol123"]) expect(passwordRule.test(weak)).toBe(false);
  });
});

describe("document lines", () => {
  const def = { relation: "po_items", fields: ["quantity", "unit_price"], total: { field: "amount", product: ["quantity", "unit_price"] } };
  it("totals a line by its declared product, rounded once, and sums the lines", () => {
    expect(lineTotal(def, { quantity: "3", unit_price: "1.995" })).toBe("5.99");
    expect(lineTotal(def, { quantity: "0.333", unit_price: "3" })).toBe("1.00");
    expect(lineTotal(def, { quantity: "", unit_price: "3" })).toBeUndefined();
    expect(linesTotal(def, [{ quantity: "10", unit_price: "2.5" }, { quantity: 2, unit_price: "80" }, {}])).toBe("185.00");
    expect(linesTotal({ relation: "expense_items", fields: [], total: { field: "amount" } }, [{ amount: "1.10" }, { amount: "2.20" }])).toBe("3.30");
  });

  it("is declared on has-many relations with writable line fields", () => {
    for (const resource of resources) {
      for (const lines of resource.lines ?? []) {
        const relation = resource.relations?.[lines.relation];
        expect(relation?.kind, `${resource.name}.lines ${lines.relation}`).toBe("hasMany");
        const line = resourceByName.get(relation!.resource)!;
        const properties = propertiesOf(line);
        for (const field of [...lines.fields, ...(lines.position ? [lines.position] : [])]) {
          expect(isWritable(line, field, properties[field], "create"), `${resource.name}.lines ${line.name}.${field}`).toBe(true);
        }
        if (lines.total?.document) expect(propertiesOf(resource)[lines.total.document], `${resource.name}.${lines.total.document}`).toBeDefined();
        if (lines.pick) expect(resourceByName.get(lines.pick.from)?.relations?.[lines.pick.relation]?.kind).toBe("hasMany");
      }
    }
  });
});

describe("portal declarations", () => {
  it("are sound in the registry: every portal field exists, relation fields are portal fields of their resource", () => {
    expect(portalProblems(resources)).toEqual([]);
    for (const resource of resources) if (resource.portal) expect(resource.portal.fields.length, resource.name).toBeGreaterThan(0);
  });

  it("name a scope that is no column, an unknown field, a relation outside the portal, a hidden default sort", () => {
    const bad = {
      ...invoices,
      defaultSort: { field: "notes", order: "asc" as const },
      portal: { scope: "vendor", actions: ["list" as const], fields: ["number", "nonsense", "subsidiary.name", "purchase_orders.department", "payments.status"] },
    };
    const others = resources.filter((r) => r.name !== "invoices");
    const problems = portalProblems([...others, bad]);
    // the payments' and invoice requests' invoice fields are no longer portal fields of invoices
    expect(problems).toContain('Portal of "payments": "invoices.amount" is not a field of the relation and of invoices\'s portal fields');
    expect(problems.filter((p) => p.startsWith('Portal of "invoices"'))).toEqual([
      'Portal of "invoices": scope "vendor" is not a column',
      'Portal of "invoices": field "nonsense" is not in its schema',
      'Portal of "invoices": "subsidiary.name": subsidiaries is not in the portal',
      'Portal of "invoices": "purchase_orders.department" is not a field of the relation and of purchase_orders\'s portal fields',
      'Portal of "invoices": the default sort "notes" is not among its fields',
    ]);
  });
});
