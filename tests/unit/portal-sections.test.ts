/** The vendor portal's pages read only what the resources declare for the portal (docs/portal.md). */
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import { invoiceFilter, invoiceFilters, portalSections } from "../../src/client/portal/sections.js";

describe("vendor portal sections", () => {
  for (const section of portalSections) {
    it(`${section.key} shows only portal fields of ${section.resource}`, () => {
      const portal = resourceByName.get(section.resource)?.portal;
      expect(portal?.actions).toContain("list");
      const fields = new Set(portal?.fields);
      expect([...section.columns, ...(section.compact ?? []), ...(section.detail ?? [])].filter((f) => !fields.has(f))).toEqual([]);
      if (section.detail) expect(portal?.actions).toContain("show");
      expect(Object.keys(section.rowAction?.when ?? {}).filter((f) => !fields.has(f))).toEqual([]);
      for (const related of section.related ?? []) {
        expect(related.fields.map((f) => `${related.relation}.${f}`).filter((f) => !fields.has(f))).toEqual([]);
      }
    });
  }

  it("maps the spec's invoice filter onto declared invoice statuses", () => {
    const declared = resourceByName.get("invoices")!.statuses!.values.map((s) => s.code as string);
    expect(Object.keys(invoiceFilters)).toEqual(["NEW", "PENDING", "PAID", "ALL"]);
    for (const codes of Object.values(invoiceFilters)) for (const code of codes) expect(declared).toContain(code);
    expect(invoiceFilter("ALL")).toEqual([]);
    expect(invoiceFilter("PENDING")).toEqual([{ field: "status", operator: "in", value: ["PENDING", "APPROVED", "OPEN"] }]);
  });
});
