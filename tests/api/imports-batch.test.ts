/**
 * A vendor import written set-based (docs/imports.md "Batches"): the batch create hook
 * (vendors.beforeCreateMany) and the batch chain start (approvals/chains.ts) give each vendor what a POST
 * gives it — PENDING with a pending approval for the workflow's approver, the same duplicate flag, its
 * audit rows — while the approver is asked once for the batch; a company without a Vendor workflow gets
 * its vendors ACTIVE, each auto-approval recorded; another company's rows are untouched.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, unknown> & { id: number };

async function send(method: "GET" | "POST", url: string, payload?: unknown, email = "admin@acme.test") {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload === undefined ? {} : { payload: payload as object }) });
}
const csv = (...lines: string[]) => `${lines.join("\n")}\n`;

/** Upload and apply a vendor import as `email`; the import as it ended. */
async function importVendors(content: string, email = "admin@acme.test"): Promise<Json> {
  const created = await send("POST", "/api/imports", { kind: "create", resource_name: "vendors", file_name: "vendors.csv", content }, email);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await send("POST", `/api/imports/${id}/apply`, undefined, email)).statusCode).toBe(200);
  for (let i = 0; i < 200; i++) {
    const row = (await send("GET", `/api/imports/${id}`, undefined, email)).json().data as Json;
    if (row.status === "DONE" || row.status === "FAILED") return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

const vendorsNamed = (names: string[]) => h.database.db.selectFrom("vendors").selectAll().where("name", "in", names).orderBy("id").execute();
const userId = async (email: string) => (await h.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const contactOf = async (email: string, companyId: number) => (await h.database.db.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
  .select("c.id").where("u.email", "=", email).where("c.company_id", "=", companyId).executeTakeFirstOrThrow()).id;
const maxId = async (table: "notifications" | "activities" | "mail_messages") => Number((await h.database.db.selectFrom(table).select((eb) => eb.fn.max("id").as("m")).executeTakeFirst())?.m ?? 0);

describe("a vendor import, set-based", () => {
  it("creates the vendors PENDING with one pending approval each, flags duplicates as a POST does, asks the approver once", async () => {
    const acme = await h.companyId("Acme Corp");
    const globex = await h.companyId("Globex Ltd");
    const admin = await userId("admin@acme.test");
    const adminContact = await contactOf("admin@acme.test", acme);
    const globexBefore = await h.database.db.selectFrom("vendors").selectAll().where("company_id", "=", globex).orderBy("id").execute();
    const [northwind] = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").execute();
    const sinceNotice = await maxId("notifications");
    const sinceActivity = await maxId("activities");
    const sinceMail = await maxId("mail_messages");

    const names = ["Northwind Supplies, Inc.", "Batch Twin LLC", "batch twin", "Batch Taxed A", "Batch Taxed B", "Batch Solo"];
    const done = await importVendors(csv("Name,tax_id", `"${names[0]}"`, names[1], names[2], `${names[3]},12-3456789`, `${names[4]},123456789`, names[5]));
    expect(done).toMatchObject({ status: "DONE", processed_rows: 6, error_rows: 0 });
    const imported = await vendorsNamed(names);
    expect(imported.map((v) => [v.name, v.status, v.company_id])).toEqual(names.map((name) => [name, "PENDING", acme]));
    const byName = new Map(imported.map((v) => [v.name, v]));

    // the flags a one-by-one create sets: the oldest vendor with the same normalised name or tax id
    expect(imported.map((v) => v.possible_duplicate_of_id)).toEqual([northwind.id, null, byName.get("Batch Twin LLC")!.id, null, byName.get("Batch Taxed A")!.id, null]);
    expect(byName.get("Batch Taxed B")!.tax_id).toBe("12-3456789");
    const posted = await send("POST", "/api/vendors", { name: "NORTHWIND SUPPLIES ltd" });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data.possible_duplicate_of_id).toBe(northwind.id);
    // the database's normalised name (what the check compares, migrations/0034) is never read back
    expect(posted.json().data).not.toHaveProperty("normalised_name");
    expect(imported.map((v) => v.normalised_name)).toEqual(["northwindsupplies", "batchtwin", "batchtwin", "batchtaxeda", "batchtaxedb", "batchsolo"]);
    const postedTwin = await send("POST", "/api/vendors", { name: "Batch-Twin, Inc." });
    expect(postedTwin.json().data.possible_duplicate_of_id).toBe(byName.get("Batch Twin LLC")!.id);

    const approvals = await h.database.db.selectFrom("approvals").selectAll().where("approvable_type", "=", "Vendor")
      .where("approvable_id", "in", imported.map((v) => v.id)).orderBy("approvable_id").execute();
    expect(approvals.map((a) => [a.approvable_id, a.aasm_state, a.step, a.contact_id, a.company_id])).toEqual(imported.map((v) => [v.id, "pending", 1, adminContact, acme]));

    const notices = await h.database.db.selectFrom("notifications").select(["kind", "title", "link"]).where("user_id", "=", admin).where("id", ">", sinceNotice).orderBy("id").execute();
    const asked = notices.filter((n) => n.kind === "approval");
    // the batch: one notice; the two POSTs after it: one each
    expect(asked[0]).toEqual({ kind: "approval", title: "6 vendors await your approval", link: "/vendor_approvals" });
    expect(asked.slice(1).map((n) => n.title)).toEqual(["Vendor NORTHWIND SUPPLIES ltd awaits your approval", "Vendor Batch-Twin, Inc. awaits your approval"]);
    expect(notices.filter((n) => n.kind === "system").map((n) => n.title)).toEqual([
      "Possible duplicate vendor: Northwind Supplies, Inc.", "Possible duplicate vendor: batch twin", "Possible duplicate vendor: Batch Taxed B",
      "Possible duplicate vendor: NORTHWIND SUPPLIES ltd", "Possible duplicate vendor: Batch-Twin, Inc.",
    ]);
    const mails = await h.database.db.selectFrom("mail_messages").select("subject").where("id", ">", sinceMail).where("subject", "like", "%vendors await%").execute();
    expect(mails.map((m) => m.subject)).toEqual(["6 vendors await your approval"]);

    const audits = await h.database.db.selectFrom("activities").select(["item_id", "event", "user_id", "company_id"]).where("item_type", "=", "vendors")
      .where("id", ">", sinceActivity).where("item_id", "in", imported.map((v) => v.id)).orderBy("item_id").orderBy("event").execute();
    expect(audits).toEqual(imported.flatMap((v) => [{ item_id: v.id, event: "create", user_id: admin, company_id: acme }, { item_id: v.id, event: "update", user_id: admin, company_id: acme }]));

    expect(await h.database.db.selectFrom("vendors").selectAll().where("company_id", "=", globex).orderBy("id").execute()).toEqual(globexBefore);
  });

  it("approves at once, each recorded, in a company without a Vendor workflow", async () => {
    const globex = await h.companyId("Globex Ltd");
    await h.database.db.updateTable("workflows").set({ status: "INACTIVE" }).where("company_id", "=", globex).where("workflow_type", "=", "Vendor").execute();
    const done = await importVendors(csv("Name", "Globex Batch One", "Globex Batch Two"), "admin@globex.test");
    expect(done).toMatchObject({ status: "DONE", error_rows: 0 });
    const imported = await vendorsNamed(["Globex Batch One", "Globex Batch Two"]);
    expect(imported.map((v) => [v.status, v.company_id])).toEqual([["ACTIVE", globex], ["ACTIVE", globex]]);
    const approvals = await h.database.db.selectFrom("approvals").select(["approvable_id", "aasm_state", "comment"]).where("approvable_type", "=", "Vendor")
      .where("approvable_id", "in", imported.map((v) => v.id)).orderBy("approvable_id").execute();
    expect(approvals).toEqual(imported.map((v) => ({ approvable_id: v.id, aasm_state: "approved", comment: "Auto-approved: no workflow step applies" })));
    const moves = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "vendors").where("event", "=", "update")
      .where("item_id", "in", imported.map((v) => v.id)).execute();
    expect(moves.map((m) => m.changes)).toEqual([{ status: ["PENDING", "ACTIVE"] }, { status: ["PENDING", "ACTIVE"] }]);
  });

  it("writes a batch a hook refuses row by row: the refused row reported, the others created with their chains", async () => {
    const done = await importVendors(csv("Name,tax_id", "Refused Batch Good,", "Refused Batch Bad,12-34"));
    expect(done).toMatchObject({ status: "DONE", error_rows: 1 });
    expect(done.errors).toEqual([{ row: 3, field: "tax_id", message: expect.stringContaining("must be a US EIN") }]);
    const [good] = await vendorsNamed(["Refused Batch Good"]);
    expect(good.status).toBe("PENDING");
    expect(await vendorsNamed(["Refused Batch Bad"])).toHaveLength(0);
    expect(await h.database.db.selectFrom("approvals").select("aasm_state").where("approvable_type", "=", "Vendor").where("approvable_id", "=", good.id).execute()).toEqual([{ aasm_state: "pending" }]);
  });

  it("writes a refused batch in halves, in file order: the refused row reported, the others created as one by one", async () => {
    const names = ["Halves A", "Halves Twin", "Halves B", "Halves C", "Halves D", "halves twin, inc."];
    const done = await importVendors(csv("Name,tax_id", ...names.slice(0, 4), "Halves Bad,12-34", names[4], `"${names[5]}"`));
    expect(done).toMatchObject({ status: "DONE", processed_rows: 7, error_rows: 1 });
    expect(done.errors).toEqual([{ row: 6, field: "tax_id", message: expect.stringContaining("must be a US EIN") }]);
    const created = await vendorsNamed(names);
    // created in file order (ids ascending), the twin flagged with the earlier row of another half
    expect(created.map((v) => v.name)).toEqual(names);
    expect(created.map((v) => v.possible_duplicate_of_id)).toEqual([null, null, null, null, null, created[1].id]);
    const approvals = await h.database.db.selectFrom("approvals").select("approvable_id").where("approvable_type", "=", "Vendor")
      .where("aasm_state", "=", "pending").where("approvable_id", "in", created.map((v) => v.id)).orderBy("approvable_id").execute();
    expect(approvals.map((a) => a.approvable_id)).toEqual(created.map((v) => v.id));
  });
});
