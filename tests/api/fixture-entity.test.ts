/**
 * Proof that an entity is its declaration (issue 29): the fixture entity of tests/fixtures/gizmos —
 * approvable, one custom action (restock), one line collection (gizmo_parts), its labels in its own
 * locale files — is loaded into a test registry, and its list, show, edit, approval, action, lines and
 * OpenAPI work through the API with no other file of the project edited.
 */
import fs from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { serverModules } from "../../src/server/domain/modules.js";
import { addMessages } from "../../src/server/locale.js";
import { untyped } from "../../src/server/db/connect.js";
import { fixtureModules, fixtureResources } from "../fixtures/gizmos/entity.js";
import { acmeOf } from "./approval-fixtures.js";
import { useApp } from "./harness.js";

// the fixture's labels join the locale (the boot checks the approval type's label in every language)
for (const language of ["en", "es"]) addMessages(language, JSON.parse(fs.readFileSync(`tests/fixtures/gizmos/${language}.json`, "utf8")));

const h = useApp({
  resources: [...resources, ...fixtureResources],
  modules: [...serverModules, ...fixtureModules],
  async prepare(database) {
    await sql.raw(diffTables(tableModels(resources), tableModels([...resources, ...fixtureResources])).join("\n")).execute(database.db);
  },
});

type Row = Record<string, unknown>;

/** An ACTIVE Gizmo workflow of one step: approver@acme.test. Straight into the table: the workflow
 *  resource's type list is the repository's generated one, which the fixture is not part of. */
async function gizmoWorkflow(): Promise<number> {
  const { company } = await acmeOf(h);
  const approver = await h.database.db.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id").select("c.id")
    .where("c.company_id", "=", company).where("u.email", "=", "approver@acme.test").executeTakeFirstOrThrow();
  await untyped(h.database.db).insertInto("workflows").values({
    company_id: company, name: "Gizmos", workflow_type: "Gizmo", status: "ACTIVE", allow_self_approval: false,
    steps: JSON.stringify([{ order: 1, trigger: "DEFAULT", approver_type: "USER", approver_ids: [approver.id], ids: [], names: [], require_all: false, min_amount: null, max_amount: null }]),
  }).execute();
  return approver.id;
}

describe("the fixture entity gizmos, loaded from tests/fixtures/gizmos", () => {
  it("is created with its lines, listed, shown and edited; bad input is refused per field", async () => {
    const admin = await h.login("admin@acme.test");
    const bad = await h.app.inject({ method: "POST", url: "/api/gizmos", headers: admin, payload: { label: "x", amount: "1.00", gizmo_parts: [{ name: "", count: 0 }] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(["label"]));
    const created = await h.app.inject({ method: "POST", url: "/api/gizmos", headers: admin,
      payload: { label: "Sprocket set", amount: "40.00", gizmo_parts: [{ name: "Sprocket", count: 4 }, { name: "Chain", count: 1 }] } });
    expect(created.statusCode, created.body).toBe(201);
    const gizmo = created.json().data;
    expect(gizmo.gizmo_parts.map((p: Row) => [p.position, p.name, p.count])).toEqual([[1, "Sprocket", 4], [2, "Chain", 1]]);
    const list = (await h.app.inject({ url: "/api/gizmos?q=Sprocket", headers: admin })).json();
    expect(list.data.map((r: Row) => r.id)).toContain(gizmo.id);
    const shown = (await h.app.inject({ url: `/api/gizmos/${gizmo.id}`, headers: admin })).json().data;
    expect(shown).toMatchObject({ label: "Sprocket set", amount: "40.00", status: "NEW", stock: 0 });
    const edited = await h.app.inject({ method: "PATCH", url: `/api/gizmos/${gizmo.id}`, headers: admin, payload: { label: "Sprocket kit", gizmo_parts: [{ ...gizmo.gizmo_parts[0], count: 6 }] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.gizmo_parts.map((p: Row) => [p.name, p.count])).toEqual([["Sprocket", 6]]);
    // a user without the keys is refused
    const clerk = await h.login("ap@acme.test");
    expect((await h.app.inject({ method: "PATCH", url: `/api/gizmos/${gizmo.id}`, headers: clerk, payload: { label: "Nope" } })).statusCode).toBe(403);
  });

  it("goes through its approval: submit → PENDING, the approver is told by its locale label, approve → APPROVED; then its action runs", async () => {
    const approverContact = await gizmoWorkflow();
    const admin = await h.login("admin@acme.test");
    const gizmo = (await h.app.inject({ method: "POST", url: "/api/gizmos", headers: admin, payload: { label: "Flywheel", amount: "75.00" } })).json().data;
    // the action waits for the approval (its `when`)
    expect((await h.app.inject({ method: "POST", url: `/api/gizmos/${gizmo.id}/restock`, headers: admin, payload: { quantity: 5 } })).statusCode).toBe(409);
    const submitted = await h.app.inject({ method: "POST", url: `/api/gizmos/${gizmo.id}/submit`, headers: admin });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await h.app.inject({ url: `/api/gizmos/${gizmo.id}`, headers: admin })).json().data.status).toBe("PENDING");
    const approver = await h.login("approver@acme.test");
    const approvals = (await h.app.inject({ url: "/api/approvals?awaiting=me&approvable_type=Gizmo", headers: approver })).json().data as Row[];
    const mine = approvals.find((a) => a.approvable_id === gizmo.id)!;
    expect(mine).toMatchObject({ contact_id: approverContact, aasm_state: "pending", approvable: expect.objectContaining({ number: "Flywheel", screen: `/gizmos/${String(gizmo.id)}` }) });
    const told = await h.database.db.selectFrom("notifications").select(["title", "link"]).where("kind", "=", "approval").where("title", "like", "Gizmo Flywheel%").execute();
    expect(told).toEqual([{ title: "Gizmo Flywheel awaits your approval", link: `/gizmos/${String(gizmo.id)}` }]);
    // segregation: the creator cannot approve it
    expect((await h.app.inject({ method: "POST", url: `/api/approvals/${String(mine.id)}/approve`, headers: admin, payload: {} })).statusCode).toBe(403);
    const approved = await h.app.inject({ method: "POST", url: `/api/approvals/${String(mine.id)}/approve`, headers: approver, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await h.app.inject({ url: `/api/gizmos/${gizmo.id}`, headers: admin })).json().data.status).toBe("APPROVED");

    const bad = await h.app.inject({ method: "POST", url: `/api/gizmos/${gizmo.id}/restock`, headers: admin, payload: { quantity: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.quantity).toBeDefined();
    const restocked = await h.app.inject({ method: "POST", url: `/api/gizmos/${gizmo.id}/restock`, headers: admin, payload: { quantity: 100 } });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json().data.stock).toBe(100);
    const over = await h.app.inject({ method: "POST", url: `/api/gizmos/${gizmo.id}/restock`, headers: admin, payload: { quantity: 60 } });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors.base[0]).toBe("Gizmo Flywheel cannot hold more than 150.");
  });

  it("is in the OpenAPI document: list, show, create with its lines, update, submit and restock with its input", async () => {
    const document = (await h.app.inject({ url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths["/api/gizmos"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(document.paths["/api/gizmos/{id}"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(document.components.schemas.gizmos_create.properties.gizmo_parts).toBeDefined();
    expect(document.paths["/api/gizmos/{id}/submit"].post).toBeDefined();
    expect(document.paths["/api/gizmos/{id}/restock"].post.requestBody.content["application/json"].schema.required).toEqual(["quantity"]);
    expect(document.paths["/api/gizmos/stats"].get).toBeDefined();
  });
});
