/**
 * The run's pipeline (import-run.ts): batch N+1 is read while batch N is written, and everything that
 * reads the database for it runs once N has committed. So a duplicate across two batches is flagged as
 * within one; a row refused in the batch after another (by the check or by a hook) is reported with
 * its own batch and every other row lands, in file order; the progress counts exactly; and a run taken
 * up again by its job's retry starts from processed_rows. Runs here choose their batch size.
 */
import { describe, expect, it } from "vitest";
import { runImport } from "../../src/server/domain/admin/import-run.js";
import { useApp } from "./harness.js";

const h = useApp();

type Json = Record<string, unknown> & { id: number };
const csv = (...lines: string[]) => `${lines.join("\n")}\n`;

/** Upload a vendor import (its preview) and run it as its job would, in batches of `batchSize`, from `progress` when given; the import as it ended. */
async function run(content: string, batchSize: number, progress?: { processed_rows: number; error_rows: number; errors: unknown[] }): Promise<Json> {
  const created = await h.app.inject({ method: "POST", url: "/api/imports", headers: await h.login("admin@acme.test"), payload: { kind: "create", resource_name: "vendors", file_name: "vendors.csv", content } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  // what apply leaves for the job (or an interrupted run for its retry)
  const { processed_rows = 0, error_rows = 0, errors = [] } = progress ?? {};
  await h.database.db.updateTable("imports").set({ status: "PROCESSING", processed_rows, error_rows, errors: JSON.stringify(errors) }).where("id", "=", id).execute();
  await runImport(h.database.app, await h.companyId("Acme Corp"), id, { batchSize });
  return (await h.database.db.selectFrom("imports").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as unknown as Json;
}

const vendorsNamed = (names: readonly string[]) => h.database.db.selectFrom("vendors").select(["id", "name", "possible_duplicate_of_id", "status"]).where("name", "in", names).orderBy("id").execute();

describe("an import's pipeline", () => {
  it("flags the same vendor in row 10 and row 5,010 of a file written in batches of 5,000", async () => {
    const names = Array.from({ length: 5010 }, (_, i) => (i === 5008 ? "Pipeline Twin, Inc." : i === 8 ? "Pipeline Twin" : `Pipeline Vendor ${i + 1}`));
    const done = await run(csv("Name", ...names.map((n) => `"${n}"`)), 5000);
    expect(done).toMatchObject({ status: "DONE", processed_rows: 5010, error_rows: 0, errors: [] });
    const [first, second] = await vendorsNamed(["Pipeline Twin", "Pipeline Twin, Inc."]);
    expect([first.name, first.possible_duplicate_of_id]).toEqual(["Pipeline Twin", null]);
    expect([second.name, second.possible_duplicate_of_id]).toEqual(["Pipeline Twin, Inc.", first.id]);
    expect((await vendorsNamed(names)).length).toBe(5010);
  });

  it("reports a row refused in the batch after another with its own batch, writes the others in file order, counts exactly", async () => {
    const rows = [
      "Stream A,a@stream.test,", "Stream B,b@stream.test,", "Stream C,c@stream.test,", "Stream D,d@stream.test,",
      // batch 2: a bad e-mail (the check), a tax id the vendor hook refuses (written in halves), a duplicate of batch 1
      "Stream E,not an e-mail,", "Stream F,f@stream.test,", "Stream G,g@stream.test,12-34", "stream a llc,h@stream.test,",
      // batch 3: a duplicate of batch 2's row written in halves
      "Stream I,i@stream.test,", "STREAM F,j@stream.test,",
    ];
    const done = await run(csv("Name,Email,tax_id", ...rows), 4);
    expect(done).toMatchObject({ status: "DONE", total_rows: 10, processed_rows: 10, error_rows: 2 });
    expect(done.errors).toEqual([
      { row: 6, field: "email", message: "must be an e-mail address" },
      { row: 8, field: "tax_id", message: expect.stringContaining("must be a US EIN") },
    ]);
    const written = ["Stream A", "Stream B", "Stream C", "Stream D", "Stream F", "stream a llc", "Stream I", "STREAM F"];
    const created = await vendorsNamed([...written, "Stream E", "Stream G"]);
    // file order across batches (ids ascending), each PENDING with its chain, flagged with the earlier one
    expect(created.map((v) => v.name)).toEqual(written);
    expect(created.map((v) => v.status)).toEqual(written.map(() => "PENDING"));
    expect(created.map((v) => v.possible_duplicate_of_id)).toEqual([null, null, null, null, null, created[0].id, null, created[4].id]);
    const approvals = await h.database.db.selectFrom("approvals").select("approvable_id").where("approvable_type", "=", "Vendor")
      .where("approvable_id", "in", created.map((v) => v.id)).orderBy("approvable_id").execute();
    expect(approvals.map((a) => a.approvable_id)).toEqual(created.map((v) => v.id));
  });

  it("takes up an interrupted run from processed_rows, adding to the errors and counts it had", async () => {
    const earlier = { row: 3, field: "email", message: "must be an e-mail address" };
    const done = await run(csv("Name,Email", "Resumed A,a@resume.test", "Resumed B,not an e-mail", "Resumed C,c@resume.test", "Resumed D,d@resume.test", "Resumed E,also not one", "Resumed F,f@resume.test"), 2,
      { processed_rows: 4, error_rows: 1, errors: [earlier] });
    expect(done).toMatchObject({ status: "DONE", processed_rows: 6, error_rows: 2 });
    expect(done.errors).toEqual([earlier, { row: 6, field: "email", message: "must be an e-mail address" }]);
    // rows 1 to 4 were the interrupted run's: not written again
    expect((await vendorsNamed(["Resumed A", "Resumed B", "Resumed C", "Resumed D", "Resumed E", "Resumed F"])).map((v) => v.name)).toEqual(["Resumed F"]);
  });
});
