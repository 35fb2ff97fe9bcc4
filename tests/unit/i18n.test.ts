import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { requiredKeys } from "../../src/client/i18n/keys.js";
import en from "../../locales/en.json";
import es from "../../locales/es.json";

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`));
}

const locales = { en: en as Tree, es: es as Tree };

describe("locales", () => {
  const keys = requiredKeys(resources, pages);

  it("derives keys from the registry", () => {
    expect(keys).toContain("invoices.fields.vendor_name");
    expect(keys).toContain("invoices.statuses.PAYABLE");
    expect(keys).toContain("confirm.deleteInvoice");
    expect(keys).toContain("dashboards.home");
    expect(keys).toContain("widgets.apAging");
    expect(keys).toContain("pages.settings");
    expect(keys).toContain("roles.admin");
  });

  for (const [language, tree] of Object.entries(locales)) {
    it(`${language}.json has every key the registry implies`, () => {
      const missing = keys.filter((key) => typeof lookup(tree, key) !== "string" || lookup(tree, key) === "");
      expect(missing).toEqual([]);
    });
  }

  it("en.json and es.json have the same keys", () => {
    expect(leaves(locales.es).sort()).toEqual(leaves(locales.en).sort());
  });

  it("keeps the confirmation texts of the spec", () => {
    expect(lookup(locales.en, "confirm.deleteInvoice")).toBe("Are you sure you want to delete Invoice #{{number}}?");
    expect(lookup(locales.en, "confirm.title")).toBe("Confirm");
  });
});
