/**
 * What the client's shell knows of the resources (issue 11): their outlines, which the build serves
 * as data (scripts/resource-outlines.ts), and the declarations pages load on demand (declarations.ts).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { resourceByName, resources } from "../../resources/index.js";
import { resourceOutlines } from "../../scripts/resource-outlines.js";
import { loadResources, outlineByName, pageResources, resourceByName as loaded } from "../../src/client/declarations.js";
import { outlines } from "../../src/client/outlines.js";
import { mayChoose } from "../../src/framework/references.js";
import { keysOfRole } from "../../src/framework/roles.js";

const principal = (role: string) => ({ perm_resources: keysOfRole(role), module_settings: { invoices_active: true, purchase_orders_active: true, vendors_active: true, expenses_active: true, receipts_active: true } });

describe("resource outlines", () => {
  it("are served by the build as the module computes them, every resource's", () => {
    const load = resourceOutlines().load as (id: string) => string;
    const code = load(fileURLToPath(new URL("../../src/client/outlines.ts", import.meta.url)));
    const served: unknown = JSON.parse(code.replace(/^export const outlines = /, "").replace(/;\s*$/, ""));
    expect(served).toEqual(outlines);
    expect(outlines.map((o) => o.name)).toEqual(resources.map((r) => r.name));
  });

  it("carry the routes, guards and names, not the declaration's body", () => {
    const invoices = outlineByName.get("invoices")!;
    const declared = resourceByName.get("invoices")!;
    expect(invoices).toMatchObject({ routes: declared.routes, permissions: declared.permissions, module: declared.module, title: declared.title });
    for (const body of ["schema", "columns", "recordActions", "rowActions", "relations", "lines", "statuses"]) expect(invoices).not.toHaveProperty(body);
  });

  it("name what a record page renders besides its own: related lists, lines, and the lines a picker pulls", () => {
    expect(outlineByName.get("invoices")!.refs).toEqual(expect.arrayContaining(["vendors", "invoice_items", "documents", "activities"]));
    expect(outlineByName.get("receipts")!.refs).toEqual(expect.arrayContaining(["receipt_items", "purchase_orders", "po_items"]));
    expect(pageResources(outlineByName.get("invoices")!, "list")).toEqual(["invoices"]);
    expect(pageResources(outlineByName.get("invoices")!, "show")).toEqual(["invoices", ...outlineByName.get("invoices")!.refs]);
  });

  it("say who may pick from a resource without listing it", () => {
    const vendors = outlineByName.get("vendors")!;
    const reports = outlineByName.get("expense_reports")!;
    expect(mayChoose(principal("staff"), vendors, vendors.choosers)).toBe(true);
    expect(mayChoose(principal("rcv_manager"), reports, reports.choosers)).toBe(false);
  });
});

describe("declarations on demand", () => {
  it("loads each resource from the file of its name into the cache", async () => {
    const names = resources.map((r) => r.name);
    const defs = await loadResources(names);
    defs.forEach((def, i) => expect(def).toBe(resourceByName.get(names[i]!)));
    expect(loaded.get("invoices")).toBe(resourceByName.get("invoices"));
  });

  it("refuses a name no file declares", async () => {
    await expect(loadResources(["no_such_resource"])).rejects.toThrow(/no_such_resource/);
  });
});
