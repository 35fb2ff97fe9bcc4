/** `owner`: a resource whose rows belong to one user; each user sees, changes and creates only their own. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { defineResource } from "../../src/framework/resource.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { useApp } from "./harness.js";

const memos = defineResource({
  name: "memos",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["text"],
    properties: { text: { type: "string", minLength: 1 }, user_id: { type: "integer", "x-references": "users" } },
  } as const,
  title: "text",
  owner: "user_id",
  routes: {},
  permissions: { list: [], show: [], create: [], edit: [], delete: [] },
  columns: [{ field: "text" }],
  defaultSort: { field: "id", order: "desc" },
  serverFields: ["user_id"],
});

const h = useApp({
  resources: [...resources, memos],
  async prepare(database) {
    await sql.raw(diffTables(tableModels(resources), tableModels([...resources, memos])).join("\n")).execute(database.db);
  },
});

describe("an owned resource", () => {
  it("creates rows for the signed-in user and hides them from everyone else", async () => {
    const admin = await h.login("admin@acme.test");
    const staff = await h.login("staff@acme.test");
    // the owner column is the server's: naming another user is refused, not silently replaced
    const forged = await h.app.inject({ method: "POST", url: "/api/memos", headers: admin, payload: { text: "mine", user_id: 999 } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ user_id: ["is set by the server and cannot be written"] });
    const created = await h.app.inject({ method: "POST", url: "/api/memos", headers: admin, payload: { text: "mine" } });
    expect(created.statusCode).toBe(201);
    const memo = created.json().data;
    const adminUser = await h.database.db.selectFrom("users").select("id").where("email", "=", "admin@acme.test").executeTakeFirstOrThrow();
    expect(memo.user_id).toBe(adminUser.id);

    expect((await h.app.inject({ url: "/api/memos", headers: admin })).json().meta.total).toBe(1);
    expect((await h.app.inject({ url: "/api/memos", headers: staff })).json().meta.total).toBe(0);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const response = await h.app.inject({ method, url: `/api/memos/${memo.id}`, headers: staff, ...(method === "PATCH" ? { payload: { text: "x" } } : {}) });
      expect(response.statusCode, method).toBe(404);
    }
    // nor does another company
    expect((await h.app.inject({ url: "/api/memos", headers: await h.login("admin@globex.test") })).json().meta.total).toBe(0);
    expect((await h.app.inject({ method: "DELETE", url: `/api/memos/${memo.id}`, headers: admin })).statusCode).toBe(200);
  });
});
