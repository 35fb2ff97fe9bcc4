/**
 * Bulk import, update and delete (docs/imports.md): the preview names each bad row and field from the
 * resource's own rules, apply writes the good rows as a job, the error file lists the bad ones; updates
 * find records by id or by their number, deletes are refused per row where the resource's rule forbids
 * them (a paid invoice); another company's records, a user without the rights, a stranger and an
 * unknown resource are refused, and an applied import is not applied twice.
 */
import { describe, expect, it } from "vitest";
import { startTestJobs } from "../support/jobs.js";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, unknown> & { id: number };

async function send(method: "GET" | "POST", url: string, payload?: unknown, email = "admin@acme.test") {
  return h.app.inject({ method, url, headers: await h.login(email), ...(payload === undefined ? {} : { payload: payload as object }) });
}
const csv = (...lines: string[]) => `${lines.join("\n")}\n`;
const upload = (kind: string, resource: string, content: string, extra: Record<string, unknown> = {}, email?: string) =>
  send("POST", "/api/imports", { kind, resource_name: resource, file_name: `${resource}.csv`, content, ...extra }, email);

/** Apply import `id` and wait for its job to finish; the import as it ended. */
async function applied(id: number): Promise<Json> {
  const started = await send("POST", `/api/imports/${id}/apply`);
  expect(started.statusCode, started.body).toBe(200);
  // a small file may be done before the answer is written (batches of 5,000 on PostgreSQL)
  expect(["PROCESSING", "DONE"]).toContain(started.json().data.status);
  for (let i = 0; i < 200; i++) {
    const row = (await send("GET", `/api/imports/${id}`)).json().data as Json;
    if (row.status === "DONE" || row.status === "FAILED") return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

const vendorNamed = async (name: string) => h.database.db.selectFrom("vendors").selectAll().where("name", "=", name).execute();
const acme = () => h.companyId("Acme Corp");

describe("importing vendors", () => {
  const file = csv(
    "Name,Email,Term Code,Phone",
    "Imported One,one@example.test,NET 30,555-0101",
    ",nobody@example.test,NET 30,",
    "Imported Three,three@example.test,NET 45,",
    "Imported Four,not an e-mail,NET 30,",
    "Imported Five,five@example.test,NET 99,",
  );

  it("maps columns by label, previews per-row errors naming rows and fields, applies the good rows and gives the error file", async () => {
    const created = await upload("create", "vendors", file);
    expect(created.statusCode, created.body).toBe(201);
    const preview = created.json().data as Json;
    expect(preview).toMatchObject({ status: "NEW", total_rows: 5, error_rows: 3, headers: ["Name", "Email", "Term Code", "Phone"] });
    expect(preview.mapping).toEqual({ Name: "name", Email: "email", "Term Code": "term_code", Phone: "phone" });
    expect(preview.errors).toEqual([
      { row: 3, field: "name", message: "can't be blank" },
      { row: 5, field: "email", message: "must be an e-mail address" },
      { row: 6, field: "term_code", message: "is not one of the choices" },
    ]);
    expect(preview).not.toHaveProperty("content");
    expect(await vendorNamed("Imported One")).toHaveLength(0);

    const done = await applied(preview.id);
    expect(done).toMatchObject({ status: "DONE", total_rows: 5, processed_rows: 5, error_rows: 3, progress: 100 });
    const [one] = await vendorNamed("Imported One");
    expect(one).toMatchObject({ email: "one@example.test", phone: "555-0101", company_id: await acme() });
    // through the vendor's own hooks and workflow: created PENDING, approved at once without steps
    expect(["PENDING", "ACTIVE"]).toContain(one.status);
    expect(await vendorNamed("Imported Three")).toHaveLength(1);
    expect(await vendorNamed("Imported Four")).toHaveLength(0);
    const activity = await h.database.db.selectFrom("activities").select("event").where("item_type", "=", "vendors").where("item_id", "=", one.id).execute();
    expect(activity.map((a) => a.event)).toContain("create");

    const errorFile = await send("GET", `/api/imports/${preview.id}/error_file`);
    expect(errorFile.statusCode).toBe(200);
    expect(errorFile.headers["content-type"]).toMatch(/text\/csv/);
    const lines = errorFile.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Name,Email,Term Code,Phone,error");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain("Imported Four,not an e-mail");
    expect(lines[2]).toContain("must be an e-mail address");

    const again = await send("POST", `/api/imports/${preview.id}/apply`);
    expect(again.statusCode).toBe(409);
    expect(await vendorNamed("Imported Three")).toHaveLength(1);
  });

  it("previews again with a mapping the user chose, and refuses a mapping to a server field or a missing column", async () => {
    const created = (await upload("create", "vendors", csv("Vendor,Mail", "Mapped Vendor,x@example.test"))).json().data as Json;
    expect(created.mapping).toEqual({});
    expect(created.errors).toEqual([{ row: 2, field: "name", message: "can't be blank" }]);
    const remapped = await send("POST", `/api/imports/${created.id}/preview`, { mapping: { Vendor: "name", Mail: "email" } });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json().data).toMatchObject({ error_rows: 0, errors: [], mapping: { Vendor: "name", Mail: "email" } });
    const serverField = await send("POST", `/api/imports/${created.id}/preview`, { mapping: { Vendor: "status" } });
    expect(serverField.statusCode).toBe(422);
    expect(serverField.json().errors.mapping).toEqual(["status is not a field you can import"]);
    const missing = await send("POST", `/api/imports/${created.id}/preview`, { mapping: { Nope: "name" } });
    expect(missing.json().errors.mapping).toEqual(["Nope is not a column of the file"]);
    const forged = await upload("create", "vendors", csv("Name,company_id", "Forged Vendor,999"), { mapping: { Name: "name", company_id: "company_id" } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.mapping).toEqual(["company_id is not a field you can import"]);
  });
});

describe("a resource with nothing to run per row", () => {
  it("is written set-based: the defaults of the columns a file leaves out, the company, an audit row per record", async () => {
    const created = (await upload("create", "subsidiaries", csv("Name,Currency Code,Country", "Set Based One,EUR,DE", "Set Based Two,USD,", "Set Based Bad,euro,DE"))).json().data as Json;
    expect(created.errors).toEqual([{ row: 4, field: "currency_code", message: "must be a three-letter currency code, such as USD or EUR" }]);
    expect(await applied(created.id)).toMatchObject({ status: "DONE", processed_rows: 3, error_rows: 1 });
    const written = await h.database.db.selectFrom("subsidiaries").selectAll().where("name", "like", "Set Based %").orderBy("name").execute();
    expect(written.map((r) => [r.name, r.currency_code, r.country, r.status, r.sub_type, r.company_id])).toEqual([
      ["Set Based One", "EUR", "DE", "ACTIVE", "HQ", await acme()], ["Set Based Two", "USD", null, "ACTIVE", "HQ", await acme()],
    ]);
    const audited = await h.database.db.selectFrom("activities").select("item_id").where("item_type", "=", "subsidiaries").where("event", "=", "create")
      .where("item_id", "in", written.map((r) => r.id)).execute();
    expect(audited).toHaveLength(2);
  });
});

describe("list management", () => {
  it("changes the records it finds by title and creates the others", async () => {
    await applied((await upload("create", "subsidiaries", csv("Name,Currency Code", "Listed Subsidiary,EUR"))).json().data.id);
    const created = (await upload("list", "subsidiaries", csv("Name,Currency Code", "Listed Subsidiary,GBP", "Listed Newcomer,CHF"))).json().data as Json;
    expect(created.error_rows).toBe(0);
    await applied(created.id);
    const rows = await h.database.db.selectFrom("subsidiaries").select(["name", "currency_code"]).where("name", "like", "Listed %").orderBy("name").execute();
    expect(rows).toEqual([{ name: "Listed Newcomer", currency_code: "CHF" }, { name: "Listed Subsidiary", currency_code: "GBP" }]);
  });
});

describe("updates", () => {
  it("finds records by id, refuses another company's ids per row and changes nothing there", async () => {
    const [mine] = await h.database.db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", await acme()).orderBy("id").limit(1).execute();
    const [theirs] = await h.database.db.selectFrom("vendors").select(["id", "phone"]).where("company_id", "=", await h.companyId("Globex Ltd")).limit(1).execute();
    const created = await upload("update", "vendors", csv("id,phone", `${mine.id},555-7777`, `${theirs.id},555-6666`));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.errors).toEqual([{ row: 3, field: "id", message: "does not exist" }]);
    const done = await applied(created.json().data.id);
    expect(done).toMatchObject({ status: "DONE", error_rows: 1 });
    expect((await h.database.db.selectFrom("vendors").select("phone").where("id", "=", mine.id).executeTakeFirstOrThrow()).phone).toBe("555-7777");
    expect((await h.database.db.selectFrom("vendors").select("phone").where("id", "=", theirs.id).executeTakeFirstOrThrow()).phone).toBe(theirs.phone);
  });

  it("finds invoices by number and refuses a status in the file", async () => {
    const invoice = await h.database.db.selectFrom("invoices").select(["id", "number", "status"]).where("company_id", "=", await acme())
      .where("status", "in", ["NEW", "PENDING"]).orderBy("id").limit(1).executeTakeFirstOrThrow();
    const withStatus = await upload("update", "invoices", csv("Number,Notes,Status", `${invoice.number},Imported note,PAID`), { mapping: { Number: "number", Notes: "notes", Status: "status" } });
    expect(withStatus.statusCode).toBe(422);
    const created = await upload("update", "invoices", csv("Number,Notes", `${invoice.number},Imported note`, "NO-SUCH-NUMBER,x"));
    expect(created.json().data.errors).toEqual([{ row: 3, field: "number", message: "does not exist" }]);
    await applied(created.json().data.id);
    const after = await h.database.db.selectFrom("invoices").select(["notes", "status"]).where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(after.notes).toBe("Imported note");
  });
});

describe("deletes", () => {
  it("deletes what the rules allow and refuses a paid invoice per row", async () => {
    const company = await acme();
    const paid = await h.database.db.selectFrom("invoices").select(["id", "number"]).where("company_id", "=", company).where("status", "=", "PAID").limit(1).executeTakeFirstOrThrow();
    const vendor = (await upload("create", "vendors", csv("Name", "To Be Deleted"))).json().data as Json;
    await applied(vendor.id);
    const [doomed] = await vendorNamed("To Be Deleted");
    const created = await upload("delete", "invoices", csv("id", String(paid.id)));
    expect(created.json().data.errors).toEqual([{ row: 2, field: "base", message: `invoices ${paid.number} cannot be deleted in status PAID.` }]);
    const done = await applied(created.json().data.id);
    expect(done).toMatchObject({ status: "DONE", error_rows: 1 });
    expect(await h.database.db.selectFrom("invoices").select("id").where("id", "=", paid.id).execute()).toHaveLength(1);

    const vendors = await upload("delete", "vendors", csv("id", String(doomed.id)));
    expect(vendors.json().data.error_rows).toBe(0);
    expect(await applied(vendors.json().data.id)).toMatchObject({ status: "DONE", error_rows: 0 });
    expect(await vendorNamed("To Be Deleted")).toHaveLength(0);
  });
});

describe("refusals", () => {
  it("refuses a stranger (401), a user without the import key (403), an unknown resource or one the user may not write (422)", async () => {
    const stranger = await h.app.inject({ method: "POST", url: "/api/imports", payload: { kind: "create", resource_name: "vendors", file_name: "v.csv", content: "Name\nX\n" } });
    expect(stranger.statusCode).toBe(401);
    expect((await upload("create", "vendors", csv("Name", "Read Only Vendor"), {}, "readonly@acme.test")).statusCode).toBe(403);
    const unknown = await upload("create", "spaceships", csv("Name", "X"));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.resource_name).toEqual(["is not a resource that takes imports"]);
    const empty = await upload("create", "vendors", "");
    expect(empty.json().errors.content).toEqual(["must be a CSV file with a header row"]);
    expect(await vendorNamed("Read Only Vendor")).toHaveLength(0);
  });
});

describe("the job runner", () => {
  it("runs an applied import as its import-rows job (pg-boss on PostgreSQL, in-process on PGlite)", async () => {
    const jobs = await startTestJobs(h.database);
    try {
      const created = (await upload("create", "vendors", csv("Name", "Queued Vendor"))).json().data as Json;
      expect(await applied(created.id)).toMatchObject({ status: "DONE", processed_rows: 1, error_rows: 0 });
      expect(await vendorNamed("Queued Vendor")).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });
});
