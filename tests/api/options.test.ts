/**
 * GET /api/{resource}/options: a requester who may not list vendors picks one for a PO request by
 * name, and sees id and name only; a user no form of whose refers to the resource is refused, and
 * a vendor-portal login too. A broken pattern is a plain 422 message, never the expression.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

describe("reference options", () => {
  it("a requester finds vendors by name without the vendors list: id and name only", async () => {
    const staff = await h.login("staff@acme.test");
    expect((await h.app.inject({ url: "/api/vendors", headers: staff })).statusCode).toBe(403);
    const response = await h.app.inject({ url: "/api/vendors/options?q=North", headers: staff });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Object.keys(row).sort().join() === "id,name" && String(row.name).includes("North"))).toBe(true);
    // by id, as a select names its current value
    const byId = await h.app.inject({ url: `/api/vendors/options?id=${String(rows[0].id)}`, headers: staff });
    expect(byId.json().data).toEqual([rows[0]]);
  });

  it("refuses a user whom no form lets refer to the resource, and the vendor portal", async () => {
    const receiving = await h.login("receiving@acme.test");
    expect((await h.app.inject({ url: "/api/expense_reports/options", headers: receiving })).statusCode).toBe(403);
    const vendor = await h.login("vendor@northwind.test");
    expect((await h.app.inject({ url: "/api/vendors/options", headers: vendor })).statusCode).toBe(403);
  });

  it("a broken pattern reads in plain words", async () => {
    const admin = await h.login("admin@acme.test");
    const response = await h.app.inject({ method: "POST", url: "/api/subsidiaries", headers: admin, payload: { name: "Iberia", currency_code: "euro", country: "spain" } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      currency_code: ["must be a three-letter currency code, such as USD or EUR"],
      country: ["must be a two-letter country code, such as US or ES"],
    });
  });
});
