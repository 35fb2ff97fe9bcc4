/**
 * Permission bounds: module settings switch modules and grant no key; roles only up to the giver's
 * own; a GET of a NACHA file changes nothing, recording its download is a POST for who pays.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();
const call = async (email: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });

let acme = 0;
beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
});

describe("module settings", () => {
  it("refuses keys that are not modules (422) and changes nothing", async () => {
    const response = await call("admin@acme.test", "PATCH", `/api/companies/${acme}`, { module_settings: { payInvoices: true, root: true } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ "module_settings.payInvoices": ["is not a known field"], "module_settings.root": ["is not a known field"] });
    const company = await h.database.db.selectFrom("companies").select("module_settings").where("id", "=", acme).executeTakeFirstOrThrow();
    expect(Object.keys((company.module_settings as object | null) ?? {})).not.toContain("payInvoices");
    // a module is still switched as before
    expect((await call("admin@acme.test", "PATCH", `/api/companies/${acme}`, { module_settings: { budgets_active: true } })).statusCode).toBe(200);
  });

  it("a stray key stored in the settings grants nothing", async () => {
    await h.database.db.updateTable("companies").set({ module_settings: JSON.stringify({ payInvoices: true, root: true, listPaymentRun: true }) }).where("id", "=", acme).execute();
    try {
      const current = (await call("staff@acme.test", "GET", "/api/users/current")).json().data;
      expect(Object.keys(current.module_settings)).not.toContain("payInvoices");
      expect(current.module_settings.invoices_active).toBe(true);
      expect((await call("staff@acme.test", "GET", "/api/payment_runs")).statusCode).toBe(403);
      expect((await call("staff@acme.test", "POST", "/api/payment_runs/preview", {})).statusCode).toBe(403);
    } finally {
      await h.database.db.updateTable("companies").set({ module_settings: null }).where("id", "=", acme).execute();
    }
  });
});

describe("roles", () => {
  const userId = async (email: string) => (await call("admin@acme.test", "GET", `/api/users?email=${email}`)).json().data[0].id as number;

  it("an administrator cannot give a role beyond their own keys (super_admin), on edit or create", async () => {
    const staff = await userId("staff@acme.test");
    const raised = await call("admin@acme.test", "PATCH", `/api/users/${staff}`, { role: "super_admin" });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().errors.base[0]).toBe("You cannot give the role super_admin: it holds permissions you do not have.");
    const created = await call("admin@acme.test", "POST", "/api/users", { first_name: "Ema", last_name: "Peror", email: `emperor-${process.pid}@acme.test`, role: "super_admin" });
    expect(created.statusCode).toBe(403);
    const contact = await h.database.db.selectFrom("contacts").select("role").where("company_id", "=", acme).where("email", "=", "staff@acme.test").executeTakeFirstOrThrow();
    expect(contact.role).toBe("staff");
    // within their own keys it works
    expect((await call("admin@acme.test", "PATCH", `/api/users/${staff}`, { role: "manager" })).statusCode).toBe(200);
    expect((await call("admin@acme.test", "PATCH", `/api/users/${staff}`, { role: "staff" })).statusCode).toBe(200);
  });

  it("nor change the role of a user whose role holds keys they lack", async () => {
    await h.database.db.updateTable("contacts").set({ role: "super_admin" }).where("company_id", "=", acme).where("email", "=", "readonly@acme.test").execute();
    try {
      const lowered = await call("admin@acme.test", "PATCH", `/api/users/${await userId("readonly@acme.test")}`, { role: "staff" });
      expect(lowered.statusCode).toBe(403);
    } finally {
      await h.database.db.updateTable("contacts").set({ role: "admin_readonly" }).where("company_id", "=", acme).where("email", "=", "readonly@acme.test").execute();
    }
  });
});

describe("NACHA downloads", () => {
  it("a GET changes nothing; who pays records the download with a POST", async () => {
    const file = await h.database.db.selectFrom("nacha_payments").select(["id", "status"]).where("company_id", "=", acme).where("status", "=", "NEW")
      .orderBy("id").executeTakeFirstOrThrow();
    await h.database.db.updateTable("nacha_payments").set({ content: "101 stored file" }).where("id", "=", file.id).execute();
    const statusOf = async () => (await h.database.db.selectFrom("nacha_payments").select("status").where("id", "=", file.id).executeTakeFirstOrThrow()).status;

    const read = await call("readonly@acme.test", "GET", `/api/nacha_payments/${file.id}/file`);
    expect(read.statusCode).toBe(200);
    expect(await statusOf()).toBe("NEW");
    expect((await call("readonly@acme.test", "POST", `/api/nacha_payments/${file.id}/downloaded`)).statusCode).toBe(403);
    expect((await call("admin@acme.test", "GET", `/api/nacha_payments/${file.id}/file`)).statusCode).toBe(200);
    expect(await statusOf()).toBe("NEW");

    const marked = await call("ap@acme.test", "POST", `/api/nacha_payments/${file.id}/downloaded`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ id: file.id, status: "DOWNLOAD" });
    expect(marked.json().data.content).toBeUndefined();
    expect(await statusOf()).toBe("DOWNLOAD");
    // again: nothing more happens
    expect((await call("ap@acme.test", "POST", `/api/nacha_payments/${file.id}/downloaded`)).json().data.status).toBe("DOWNLOAD");
  });
});

describe("one's own membership", () => {
  it("an administrator cannot deactivate themself, through users or contacts (409), and stays signed in", async () => {
    const mine = (await call("admin@acme.test", "GET", "/api/users/current")).json().data.contact.id;
    for (const view of ["users", "contacts"]) {
      const response = await call("admin@acme.test", "POST", `/api/${view}/${mine}/deactivate`);
      expect(response.statusCode, view).toBe(409);
      expect(response.json().errors.base).toEqual(["You cannot deactivate yourself."]);
    }
    expect((await call("admin@acme.test", "GET", `/api/users/${mine}`)).json().data.status).toBe("ACTIVE");
    // another user is switched off as before
    const staff = (await call("staff@acme.test", "GET", "/api/users/current")).json().data.contact.id;
    expect((await call("admin@acme.test", "POST", `/api/users/${staff}/deactivate`)).json().data.status).toBe("INACTIVE");
  });
});
