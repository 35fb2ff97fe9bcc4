/**
 * Approvals are declared (issue 29): the engines, the workflow and approvable type lists, the notice
 * labels and the record kinds are derived from the resources' declarations and their server modules;
 * a missing piece stops the server at start (domainSetup, which buildApp runs before it listens).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { approvableTypes } from "../../schemas/approval.js";
import { workflowTypes } from "../../schemas/workflow.js";
import { approvalTypeLists, defineResource, type ResourceDef } from "../../src/framework/resource.js";
import { approvalTypesSource } from "../../src/server/db/generate.js";
import { kindsOf, recordKinds, resourceOfKind } from "../../src/server/domain/admin/lookups.js";
import { allEngines, buildEngines, installApprovals } from "../../src/server/domain/approvals/approvables/index.js";
import { recordLabel } from "../../src/server/domain/approvals/notices.js";
import { serverModules } from "../../src/server/domain/modules.js";
import { domainSetup } from "../../src/server/domain/setup.js";
import { defineServerModule, type ServerModule } from "../../src/server/resources/modules.js";

const byName = (name: string) => resources.find((r) => r.name === name)!;
const without = (name: string) => serverModules.map((m) => (m.resource.name === name ? { ...m, approval: undefined } : m));
const replaced = (resource: ResourceDef) => resources.map((r) => (r.name === resource.name ? resource : r));

describe("the approval engines, derived from the declarations", () => {
  it("are one per declared approval, with the declaration's statuses and the module's behaviour", () => {
    const engines = buildEngines(resources, serverModules);
    expect([...engines.keys()].sort()).toEqual(resources.flatMap((r) => (r.approval ? [r.approval.type] : [])).sort());
    const invoice = engines.get("Invoice")!;
    expect(invoice).toMatchObject({ resource: "invoices", workflowType: "Invoice", pendingStatus: "PENDING", rejectedStatus: "REJECTED" });
    expect(invoice.approvedStatus({ payments_sum: "0" })).toBe("APPROVED");
    expect(invoice.approvedStatus({ payments_sum: "10.00" })).toBe("OPEN");
    expect(engines.get("PaymentMethod")).toMatchObject({ resource: "payment_methods", workflowType: "Vendor", rejectedStatus: "INACTIVE" });
    expect(engines.get("CreditMemo")!.resource).toBe("vendor_credits");
    expect(engines.get("PaymentRun")!.amountColumn).toBe("total_amount");
  });

  it("give the workflow and approvable type lists, which schemas/approval-types.ts holds as generated", () => {
    const lists = approvalTypeLists(resources);
    expect([...workflowTypes]).toEqual(lists.workflowTypes);
    expect([...approvableTypes]).toEqual(lists.approvableTypes);
    expect(lists.approvableTypes).toEqual(expect.arrayContaining(["Purchase", "PaymentMethod", "Accrual", "CreditMemo"]));
    expect(lists.workflowTypes).not.toContain("Purchase");
    expect(lists.workflowTypes).not.toContain("PaymentMethod");
    // stale when a declaration changed without `npm run db:generate`
    expect(fs.readFileSync("schemas/approval-types.ts", "utf8")).toBe(approvalTypesSource(resources));
  });

  it("stop the server at start when a declared approval has no behaviour in its module", () => {
    expect(() => domainSetup(resources, without("accruals"))).toThrow('Resource "accruals" declares the Accrual approval but its server module implements none');
  });

  it("stop it when a module implements an approval its resource does not declare", () => {
    const { approval: _declared, ...plain } = byName("accruals");
    expect(() => buildEngines(replaced(plain as ResourceDef), serverModules)).toThrow('The server module of "accruals" implements an approval that the resource does not declare');
  });

  it("stop it when a submit (approvable) names a type no resource declares an approval of", () => {
    const vendors = byName("vendors");
    const odd = { ...vendors, approvable: { ...vendors.approvable!, type: "Nonesuch" } };
    expect(() => buildEngines(replaced(odd), serverModules)).toThrow('Resource "vendors" names the Nonesuch approval, which no resource declares');
  });

  it("stop it when an approval goes through workflows no resource approves by", () => {
    const methods = byName("payment_methods");
    const odd = { ...methods, approval: { ...methods.approval!, workflowType: "Nonesuch" } };
    expect(() => buildEngines(replaced(odd), serverModules)).toThrow("The PaymentMethod approval goes through Nonesuch workflows, which no resource declares an approval of");
  });

  it("stop it when an approval may end in several statuses and its module does not say which", () => {
    const vendors = byName("vendors");
    const odd = { ...vendors, approval: { ...vendors.approval!, statuses: { ...vendors.approval!.statuses, approved: ["ACTIVE", "APPROVED"] as const } } };
    expect(() => buildEngines(replaced(odd), serverModules)).toThrow("The Vendor approval ends in one of ACTIVE, APPROVED: its server module must say which (approvedStatus)");
  });

  it("stop it when a type has no label in a locale, and when two resources declare one type", () => {
    const gadgetSchema = { type: "object", additionalProperties: false, properties: { label: { type: "string" }, status: { type: "string" } } } as const;
    const gadgets = defineResource({
      name: "nonesuches", schema: gadgetSchema, title: "label", routes: {}, permissions: { list: ["listVendors"], show: ["readVendors"] }, columns: [],
      defaultSort: { field: "label", order: "asc" },
      approval: { type: "Nonesuch", statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["ACTIVE"] } },
    });
    const gadgetModule: ServerModule = defineServerModule(gadgets, { approval: { facts: async () => ({ amount: "0" }) } });
    expect(() => buildEngines([...resources, gadgets], [...serverModules, gadgetModule])).toThrow('The Nonesuch approval has no label "approvals.values.approvable_type.Nonesuch" in locales/en.json');
    const twin: ResourceDef = { ...gadgets, approval: { ...gadgets.approval, type: "Vendor" } };
    expect(() => buildEngines([...resources, twin], [...serverModules, { ...gadgetModule, resource: twin }])).toThrow('Resources "vendors" and "nonesuches" both declare the Vendor approval');
  });
});

describe("notice labels come from the locale", () => {
  it("name every type by its label, Accrual and PaymentMethod included (no raw type names)", () => {
    installApprovals(resources, serverModules);
    const labels = (JSON.parse(fs.readFileSync("locales/en.json", "utf8")) as { approvals: { values: { approvable_type: Record<string, string> } } }).approvals.values.approvable_type;
    expect(recordLabel("Accrual", { id: 7 })).toBe("Accrual #7");
    expect(recordLabel("PaymentMethod", { id: 9 })).toBe("Payment Method #9");
    expect(recordLabel("Purchase", { id: 3 })).toBe("Card Purchase #3");
    expect(recordLabel("CreditMemo", { id: 4, payment_number: "CM-4" })).toBe("Credit Memo CM-4");
    for (const engine of allEngines()) expect(recordLabel(engine.type, { id: 1 })).toBe(`${labels[engine.type]} #1`);
  });
});

describe("record kinds come from the declarations", () => {
  it("map each declared kind to its resource, once", () => {
    expect(resourceOfKind("Invoice")?.name).toBe("invoices");
    expect(resourceOfKind("PurchaseOrder")?.name).toBe("purchase_orders");
    expect(resourceOfKind("invoices")?.name).toBe("invoices");
    expect(resourceOfKind("Nonesuch")).toBeUndefined();
    expect([...recordKinds.keys()]).toEqual(expect.arrayContaining(["Accrual", "Company", "Contact", "InvoiceItem", "Receipt", "Report", "CardTransaction", "Statement", "ExpenseItem"]));
    const twin = { ...byName("payments"), name: "payments_twin" };
    expect(() => kindsOf([...resources, twin])).toThrow('Resources "payments" and "payments_twin" both declare the record kind Payment');
  });
});
