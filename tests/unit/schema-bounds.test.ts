/**
 * Bounded inputs (issue 27): every list in every schema of schemas/ (at any depth, jsonb lines included)
 * declares a `maxItems`, and every money field a sign (`x-sign`), so that no body carries 50,000 entries
 * or a negative amount where the domain has none. The server refuses both with 422 (validation.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { declaredActions } from "../../src/framework/resource.js";
import { hasSign, moneySigns } from "../../src/framework/schema.js";
import { isCurrencyCode } from "../../src/framework/currencies.js";
import { validateBody, validateInput } from "../../src/server/validation.js";

type Node = Record<string, unknown>;

/** Every array node and every money node of a schema, by path. */
function walk(schema: unknown, at: string, found: { arrays: [string, Node][]; money: [string, Node][] }): void {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return;
  const node = schema as Node;
  const types = ([] as unknown[]).concat(node.type ?? []);
  if (types.includes("array")) found.arrays.push([at, node]);
  if (node.format === "money") found.money.push([at, node]);
  for (const [name, property] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) walk(property, `${at}.${name}`, found);
  if (node.items) walk(node.items, `${at}[]`, found);
}

const schemasDir = path.resolve(import.meta.dirname, "../../schemas");

async function allSchemas(): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for (const file of fs.readdirSync(schemasDir).filter((f) => f.endsWith(".ts"))) {
    const module = (await import(path.join(schemasDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === "object" && (value as Node).type === "object") out.push([`${file}:${name}`, value]);
    }
  }
  // the declared actions' inputs are schemas a client fills too
  for (const resource of resources) for (const action of declaredActions(resource)) if (action.input) out.push([`${resource.name}/${action.name}`, action.input]);
  return out;
}

describe("every schema is bounded", () => {
  it("every array has maxItems, every money field a declared sign", async () => {
    const schemas = await allSchemas();
    expect(schemas.length).toBeGreaterThan(60);
    const found = { arrays: [] as [string, Node][], money: [] as [string, Node][] };
    for (const [name, schema] of schemas) walk(schema, name, found);
    expect(found.arrays.length).toBeGreaterThan(20);
    expect(found.money.length).toBeGreaterThan(60);
    expect(found.arrays.filter(([, node]) => typeof node.maxItems !== "number").map(([at]) => at)).toEqual([]);
    expect(found.money.filter(([, node]) => !moneySigns.includes(node["x-sign"] as never)).map(([at]) => at)).toEqual([]);
  });

  it("signs: zero or more, more than zero, any", () => {
    expect(["0", "0.00", "12.50", 3].map((v) => hasSign(v, "nonNegative"))).toEqual([true, true, true, true]);
    expect(["-0.01", "-12", -3].map((v) => hasSign(v, "nonNegative"))).toEqual([false, false, false]);
    expect(["-0.00", "0", "0.01"].map((v) => hasSign(v, "positive"))).toEqual([false, false, true]);
    expect(hasSign("-12.50", "signed")).toBe(true);
    // not a number at all: left to the format's own message
    expect(hasSign("abc", "nonNegative")).toBe(true);
  });

  it("currency codes are ISO 4217's", () => {
    expect(["USD", "EUR", "JPY", "MXN"].every(isCurrencyCode)).toBe(true);
    expect(["XYZ", "usd", "US", "ABC"].some(isCurrencyCode)).toBe(false);
  });
});

describe("the server refuses what the schemas bound (422 per field)", () => {
  const policies = resources.find((r) => r.name === "policies")!;
  const companies = resources.find((r) => r.name === "companies")!;
  const vendors = resources.find((r) => r.name === "vendors")!;

  it("a 50,000-entry list, negative policy amounts", () => {
    const errors = validateBody(policies, "update", { departments: Array.from({ length: 50_000 }, (_, i) => `D${i}`), per_diems: "-5.00", receipt_required_over: "-1" });
    expect(errors).toEqual({ departments: ["takes at most 200 entries"], per_diems: ["must be zero or more"], receipt_required_over: ["must be zero or more"] });
    expect(validateBody(companies, "update", { accepted_payment_methods: Array.from({ length: 50_000 }, () => "ach") })).toEqual({ accepted_payment_methods: ["takes at most 20 entries"] });
  });

  it("an unknown currency code, in the form of one or not", () => {
    expect(validateBody(vendors, "update", { currency_code: "XYZ" })).toEqual({ currency_code: ["is not a currency code of ISO 4217, such as USD or EUR"] });
    expect(validateBody(vendors, "update", { currency_code: "usd" })).toEqual({ currency_code: ["must be a three-letter currency code, such as USD or EUR"] });
    expect(validateBody(vendors, "update", { currency_code: "EUR" })).toBeNull();
  });

  it("an action's input list without a bound of its own gets the default one", () => {
    const schema = { type: "object", properties: { ids: { type: "array", items: { type: "integer" } } } };
    expect(validateInput(schema, { ids: Array.from({ length: 5000 }, (_, i) => i + 1) })).toEqual({ ids: ["takes at most 1000 entries"] });
  });
});
