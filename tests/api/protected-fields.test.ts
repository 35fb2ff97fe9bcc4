/**
 * Protected fields (issue 27): the server-owned fields of every resource — derived from the
 * declarations (framework/schema.ts isServerOwned: `serverFields`, read-only properties, the status
 * field, the owner and creator columns) — are tried one by one on a create and on a PATCH of a stored
 * record, for every resource that serves them. Each is refused (422 naming it, or another refusal) or
 * ignored: the stored row never takes the forged value.
 */
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { tableOf, type ResourceDef } from "../../src/framework/resource.js";
import { baseType, isServerOwned, propertiesOf, type Property, type WriteMode } from "../../src/framework/schema.js";
import { untyped } from "../../src/server/db/connect.js";
import { useApp } from "./harness.js";

const h = useApp();
const ownedMessage = "is set by the server and cannot be written";

/** The declared protected fields of a resource in a write mode. */
const protectedFields = (resource: ResourceDef, mode: WriteMode): [string, Property][] =>
  Object.entries(propertiesOf(resource)).filter(([field, p]) => isServerOwned(resource, field, p, mode));

/** A plausible value other than `current` for a property (a forged balance, status, flag, id…). */
function forged(p: Property, current: unknown): unknown {
  if (p.enum) return p.enum.find((v) => v !== null && v !== current) ?? "FORGED";
  switch (baseType(p)) {
    case "boolean": return current !== true;
    case "integer": return (typeof current === "number" ? current : 0) + 1;
    case "number": return (typeof current === "number" ? current : 0) + 1;
    case "array": return [];
    case "object": return { forged: true };
    default:
      if (p.format === "money") return current === "4321.00" ? "4322.00" : "4321.00";
      if (p.format === "decimal") return "1.2345";
      if (p.format === "date") return "2001-02-03";
      if (p.format === "date-time") return "2001-02-03T04:05:06.000Z";
      return "forged";
  }
}

/** Stored and forged values compare by their text (numeric columns come back as strings, dates as Date). */
const same = (stored: unknown, sent: unknown): boolean => {
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : String(v));
  if (stored === null || stored === undefined) return sent === null;
  if (text(stored) === text(sent)) return true;
  return /^-?\d+(\.\d+)?$/.test(text(stored)) && Number(text(stored)) === Number(text(sent));
};

const writable = resources.filter((r) => r.permissions.create || r.permissions.edit);

async function send(method: "POST" | "PATCH" | "GET", url: string, payload?: object) {
  const response = await h.app.inject({ method, url, headers: await h.login("admin@acme.test"), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { data?: Record<string, unknown> & Record<string, unknown>[]; errors?: Record<string, string[]> } };
}

describe("the protected fields derived from the declarations", () => {
  it("cover the known ones (the sweep below tries them all)", () => {
    // the credit views have a schema of their own, without the payment run's fields (excluded)
    const inbox = resources.find((r) => r.name === "credit_memo_inbox")!;
    expect(protectedFields(inbox, "update").map(([f]) => f)).toEqual(expect.arrayContaining(["balance", "status", "record_type", "created_by_id"]));
    expect(writable.length).toBeGreaterThan(40);
  });
});

describe("a protected field on a create is refused or ignored, never written", () => {
  it.each(writable.filter((r) => r.permissions.create).map((r) => [r.name, r] as const))("%s", async (_name, resource) => {
    const table = tableOf(resource);
    for (const [field, property] of protectedFields(resource, "create")) {
      const value = forged(property, undefined);
      const response = await send("POST", `/api/${resource.name}`, { [field]: value });
      expect(response.status, `${resource.name}.${field}`).not.toBe(500);
      if (response.status === 201) {
        const row = await untyped(h.database.db).selectFrom(table).selectAll().where("id", "=", response.body.data!.id as number).executeTakeFirstOrThrow();
        expect(same(row[field], value), `${resource.name}.${field} written on create`).toBe(false);
      } else if (response.status === 422 && resource.permissions.create) {
        // refused by name unless the body was refused before its fields were read (a hand-answered create)
        const errors = response.body.errors ?? {};
        if (!("base" in errors)) expect(errors[field], `${resource.name}.${field}`).toEqual(expect.arrayContaining([ownedMessage]));
      }
    }
  });
});

describe("a protected field on a PATCH is refused or ignored, never written", () => {
  it.each(writable.filter((r) => r.permissions.edit).map((r) => [r.name, r] as const))("%s", async (_name, resource) => {
    const list = await send("GET", `/api/${resource.name}?_end=1`);
    if (list.status !== 200 || !Array.isArray(list.body.data) || list.body.data.length === 0) return;
    const id = list.body.data[0].id as number;
    const table = tableOf(resource);
    const read = async () => (await untyped(h.database.db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    for (const [field, property] of protectedFields(resource, "update")) {
      const before = await read();
      if (!(field in before)) continue;
      const value = forged(property, before[field]);
      const response = await send("PATCH", `/api/${resource.name}/${id}`, { [field]: value });
      expect(response.status, `${resource.name}.${field}`).not.toBe(500);
      expect(response.status, `${resource.name}.${field}: ${JSON.stringify(response.body)}`).not.toBe(200);
      const after = await read();
      expect(same(after[field], value) && !same(before[field], value), `${resource.name}.${field} written by PATCH`).toBe(false);
    }
  });
});

describe("the bad bodies of the issue are refused with 422", () => {
  it("50,000-entry lists on companies and policies; negative policy amounts; a negative card purchase amount on PATCH", async () => {
    const acme = await h.companyId("Acme Corp");
    const many = (make: (i: number) => string) => Array.from({ length: 50_000 }, (_, i) => make(i));
    const company = await send("PATCH", `/api/companies/${acme}`, { accepted_payment_methods: many(() => "ach") });
    expect([company.status, company.body.errors]).toEqual([422, { accepted_payment_methods: ["takes at most 20 entries"] }]);
    const [policy] = (await send("GET", "/api/policies?_end=1")).body.data as Record<string, unknown>[];
    const departments = await send("PATCH", `/api/policies/${policy.id as number}`, { departments: many((i) => `Dept ${i}`) });
    expect([departments.status, departments.body.errors]).toEqual([422, { departments: ["takes at most 200 entries"] }]);
    const negative = await send("PATCH", `/api/policies/${policy.id as number}`, { per_diems: "-10.00", receipt_required_over: "-0.01" });
    expect([negative.status, negative.body.errors]).toEqual([422, { per_diems: ["must be zero or more"], receipt_required_over: ["must be zero or more"] }]);
    const created = await send("POST", "/api/policies", { name: "Negative", currency_code: "USD", categories: [{ category: "Meals", limit: "-1.00" }] });
    expect([created.status, created.body.errors]).toEqual([422, { "categories.0.limit": ["must be zero or more"] }]);
    const stored = await untyped(h.database.db).selectFrom("policies").select(["departments", "per_diems"]).where("id", "=", policy.id as number).executeTakeFirstOrThrow();
    expect((stored.departments as unknown[]).length).toBeLessThan(200);
    expect(stored.per_diems === null || Number(stored.per_diems) >= 0).toBe(true);

    const [purchase] = (await send("GET", "/api/purchases?_end=1")).body.data as Record<string, unknown>[];
    const card = await send("PATCH", `/api/purchases/${purchase.id as number}`, { amount: "-25.00" });
    expect([card.status, card.body.errors]).toEqual([422, { amount: ["must be zero or more"] }]);
    const after = await untyped(h.database.db).selectFrom("purchases").select("amount").where("id", "=", purchase.id as number).executeTakeFirstOrThrow();
    expect(Number(after.amount)).toBeGreaterThanOrEqual(0);
  });

  it("a currency code that is not ISO 4217's: 422 on the API", async () => {
    const vendor = await send("POST", "/api/vendors", { name: "Currency Forger", currency_code: "XYZ" });
    expect([vendor.status, vendor.body.errors]).toEqual([422, { currency_code: ["is not a currency code of ISO 4217, such as USD or EUR"] }]);
  });

  it("and on the CSV import: the row with XYZ is an error row, the others are imported", async () => {
    const content = "Name,Currency Code\nIso Vendor,EUR\nForged Currency Vendor,XYZ\n";
    const created = await h.app.inject({ method: "POST", url: "/api/imports", headers: await h.login("admin@acme.test"), payload: { kind: "create", resource_name: "vendors", file_name: "v.csv", content, mapping: { Name: "name", "Currency Code": "currency_code" } } });
    expect(created.statusCode, created.body).toBe(201);
    const preview = created.json().data as { id: number; errors: unknown[] };
    expect(preview.errors).toEqual([{ row: 3, field: "currency_code", message: "is not a currency code of ISO 4217, such as USD or EUR" }]);
    const started = await h.app.inject({ method: "POST", url: `/api/imports/${preview.id}/apply`, headers: await h.login("admin@acme.test") });
    expect(started.statusCode).toBe(200);
    for (let i = 0; i < 200 && !["DONE", "FAILED"].includes(String((await send("GET", `/api/imports/${preview.id}`)).body.data?.status)); i++) await new Promise((r) => setTimeout(r, 50));
    const vendors = await untyped(h.database.db).selectFrom("vendors").select(["name", "currency_code"]).where("name", "in", ["Iso Vendor", "Forged Currency Vendor"]).execute();
    expect(vendors).toEqual([{ name: "Iso Vendor", currency_code: "EUR" }]);
  });
});

describe("the permission comes before the body's validation", () => {
  const bad = { name: "\u0000", amount: "-1", tags: Array.from({ length: 60_000 }, () => 1) };

  it("a user without the keys gets 403, whatever body they send", async () => {
    const headers = await h.login("readonly@acme.test");
    const refused: string[] = [];
    for (const resource of writable.filter((r) => r.permissions.create)) {
      const response = await h.app.inject({ method: "POST", url: `/api/${resource.name}`, headers, payload: bad });
      if (response.statusCode !== 403) refused.push(`${resource.name}: ${response.statusCode}`);
    }
    expect(refused).toEqual([]);
  });

  it("a staff upload with a JSON body naming an invoice: 403 before its format is checked", async () => {
    const [invoice] = (await send("GET", "/api/invoices?_end=1")).body.data as Record<string, unknown>[];
    const headers = await h.login("staff@acme.test");
    const json = await h.app.inject({ method: "POST", url: "/api/documents/upload", headers, payload: { assetable_type: "Invoice", assetable_id: invoice.id } });
    expect(json.statusCode).toBe(403);
    // with the right, the format is what is wrong
    const admin = await h.app.inject({ method: "POST", url: "/api/documents/upload", headers: await h.login("admin@acme.test"), payload: { assetable_type: "Invoice", assetable_id: invoice.id } });
    expect([admin.statusCode, admin.json().errors]).toEqual([422, { file: ["must be sent as multipart/form-data"] }]);
  });
});
