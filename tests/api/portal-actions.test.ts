/**
 * Portal actions (docs/portal.md "Writes"): a throwaway resource declared here gets
 * POST /api/portal/{name}/{id}/{action} and /api/portal/{name}/{action} from the framework — vendor
 * users only, the row confined to the contact's vendor and locked, `when` on the portal's view of it,
 * input validated (multipart text coerced), a file checked and stored, handler and audit row in one
 * transaction (the file discarded when it fails), Idempotency-Key — and the boot checks of handlers.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../resources/index.js";
import { defineResource } from "../../src/framework/resource.js";
import { untyped } from "../../src/server/db/connect.js";
import { diffTables } from "../../src/server/db/ddl.js";
import { tableModels } from "../../src/server/db/tables.js";
import { attachUpload } from "../../src/server/domain/admin/uploads.js";
import { serverModules } from "../../src/server/domain/modules.js";
import { domainSetup } from "../../src/server/domain/setup.js";
import { conflict } from "../../src/server/errors.js";
import { defineServerModule, installModules } from "../../src/server/resources/modules.js";
import { useApp } from "./harness.js";
import { multipart } from "./multipart.js";
import { exe, pdf } from "./uploads.js";

const crateSchema = {
  type: "object",
  additionalProperties: false,
  required: ["label", "vendor_id"],
  properties: {
    label: { type: "string", minLength: 2 },
    vendor_id: { type: "integer", "x-references": "vendors" },
    status: { type: "string", enum: ["OPEN", "SEALED"], default: "OPEN" },
    internal_note: { type: ["string", "null"] },
    weight: { type: "integer", default: 0 },
  },
} as const;

const crates = defineResource({
  name: "crates",
  schema: crateSchema,
  title: "label",
  routes: { list: "/crates", show: "/crates/:crateID" },
  permissions: { list: ["listVendors"], show: ["readVendors"], create: ["addVendors"], edit: ["editVendors"] },
  statuses: { field: "status", values: [{ code: "OPEN", color: "green" }, { code: "SEALED", color: "default" }] },
  columns: [{ field: "label", link: "show" }, { field: "status", kind: "status" }],
  defaultSort: { field: "label", order: "asc" },
  portal: {
    scope: "vendor_id",
    actions: ["list", "show"],
    fields: ["label", "status", "weight"],
    recordActions: [
      { name: "seal", label: "actions.edit", when: { status: "OPEN" }, idempotent: true,
        input: { type: "object", additionalProperties: false, required: ["weight"], properties: { weight: { type: "integer", minimum: 1, maximum: 100 } } } },
      { name: "label_scan", label: "actions.edit", file: "required", fileTypes: ["pdf"] },
      { name: "propose", label: "actions.edit", collection: true,
        input: { type: "object", additionalProperties: false, required: ["label"], properties: { label: { type: "string", minLength: 2, maxLength: 30 } } } },
    ],
  },
});

const crateModule = defineServerModule(crates, {
  portalActions: {
    async seal({ row, input, ctx }) {
      await untyped(ctx.db).updateTable("crates").set({ status: "SEALED", weight: input.weight as number }).where("id", "=", row!.id as number).execute();
    },
    async label_scan({ row, file, ctx }) {
      await attachUpload(ctx.db, ctx, file!, { type: "Vendor", id: row!.vendor_id as number });
      // a handler's refusal after the file was stored: the transaction and the file are undone
      if (row!.label === "Fragile") throw conflict("Fragile crates take no labels.");
    },
    async propose({ input, ctx }) {
      const row = await untyped(ctx.db).insertInto("crates").values({ company_id: ctx.company.id, label: input.label as string, vendor_id: ctx.contact.vendor_id as number })
        .returning("id").executeTakeFirstOrThrow();
      return { show: row.id as number, status: 201 };
    },
  },
});

const h = useApp({
  resources: [...resources, crates],
  modules: [...serverModules, crateModule],
  async prepare(database) {
    await sql.raw(diffTables(tableModels(resources), tableModels([...resources, crates])).join("\n")).execute(database.db);
  },
});

let acme = 0;
let northwind = 0;
let otherVendor = 0;
let vendor: Record<string, string> = {};

async function crate(label: string, vendorId = northwind, status = "OPEN"): Promise<number> {
  const row = await untyped(h.database.db).insertInto("crates").values({ company_id: acme, label, vendor_id: vendorId, status, internal_note: "secret" }).returning("id").executeTakeFirstOrThrow();
  return row.id as number;
}
const crateRow = async (id: number) => untyped(h.database.db).selectFrom("crates").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const documentsOf = async (vendorId: number) => (await h.database.db.selectFrom("documents").select("id").where("assetable_type", "=", "Vendor").where("assetable_id", "=", vendorId).execute()).length;
const storedFiles = async () => Number((await h.database.db.selectFrom("stored_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const post = (url: string, headers: Record<string, string>, payload?: object) => h.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  const vendors = await h.database.db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", acme).orderBy("id").execute();
  northwind = vendors.find((v) => v.name === "Northwind Supplies")!.id;
  otherVendor = vendors.find((v) => v.id !== northwind)!.id;
  vendor = await h.login("vendor@northwind.test", acme);
});

describe("a portal record action", () => {
  it("runs the handler on the vendor's row with an audit row, answering the row as the portal shows it", async () => {
    const id = await crate("Pallet");
    const done = await post(`/api/portal/crates/${id}/seal`, vendor, { weight: 12 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ id, label: "Pallet", status: "SEALED", weight: 12 });
    const audit = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "crates").where("item_id", "=", id).execute();
    expect(audit.map((a) => a.changes)).toEqual([{ action: "seal", input: { weight: 12 } }]);
  });

  it("refuses bad input (422 per field), a row failing `when` (409), another vendor's row (404) and staff (403)", async () => {
    const id = await crate("Box");
    expect((await post(`/api/portal/crates/${id}/seal`, vendor, { weight: 0, colour: "red" })).json().errors).toEqual({ weight: ["must be at least 1"], colour: ["is not a known field"] });
    const sealed = await crate("Sealed box", northwind, "SEALED");
    const late = await post(`/api/portal/crates/${sealed}/seal`, vendor, { weight: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors.base).toEqual(["crates Sealed box cannot seal in status SEALED."]);
    const theirs = await crate("Their box", otherVendor);
    expect((await post(`/api/portal/crates/${theirs}/seal`, vendor, { weight: 5 })).statusCode).toBe(404);
    expect((await post(`/api/portal/crates/${id}/seal`, await h.login("admin@acme.test"), { weight: 5 })).statusCode).toBe(403);
    expect((await crateRow(theirs)).status).toBe("OPEN");
    expect((await crateRow(id)).status).toBe("OPEN");
  });

  it("honours Idempotency-Key: a replay answers the first response without running again", async () => {
    const id = await crate("Drum");
    const headers = { ...vendor, "idempotency-key": "seal-drum-1" };
    const first = await post(`/api/portal/crates/${id}/seal`, headers, { weight: 7 });
    const replay = await post(`/api/portal/crates/${id}/seal`, headers, { weight: 7 });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
  });
});

describe("a portal file action", () => {
  const send = async (id: number, file?: { name: string; content: Buffer }) => {
    const body = await multipart({ note: "" }, file ? { ...file, type: "application/pdf" } : undefined);
    return h.app.inject({ method: "POST", url: `/api/portal/crates/${id}/label_scan`, payload: body.payload, headers: { ...vendor, ...body.headers } });
  };

  it("stores the file and attaches it in the handler's transaction", async () => {
    const id = await crate("Chest");
    const before = await documentsOf(northwind);
    const done = await send(id, { name: "label.pdf", content: pdf("label") });
    expect(done.statusCode, done.body).toBe(200);
    expect(await documentsOf(northwind)).toBe(before + 1);
  });

  it("refuses no file, another type, a file whose bytes lie; a handler's refusal leaves no document and no stored file", async () => {
    const id = await crate("Fragile");
    const files = await storedFiles();
    const documents = await documentsOf(northwind);
    expect((await send(id)).json().errors).toEqual({ file: ["can't be blank"] });
    expect((await send(id, { name: "label.png", content: pdf("x") })).json().errors).toEqual({ file: ["must be one of these file types: pdf"] });
    expect((await send(id, { name: "label.pdf", content: exe })).statusCode).toBe(422);
    const refused = await send(id, { name: "label.pdf", content: pdf("label") });
    expect(refused.statusCode).toBe(409);
    expect(await storedFiles()).toBe(files);
    expect(await documentsOf(northwind)).toBe(documents);
    const json = await post(`/api/portal/crates/${id}/label_scan`, vendor, {});
    expect(json.json().errors).toEqual({ file: ["must be sent as multipart/form-data"] });
  });
});

describe("a portal collection action", () => {
  it("creates for the contact's own vendor and answers what it shows", async () => {
    const made = await post("/api/portal/crates/propose", vendor, { label: "New crate" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ label: "New crate", status: "OPEN" });
    expect((await crateRow(made.json().data.id)).vendor_id).toBe(northwind);
    expect((await post("/api/portal/crates/propose", vendor, { label: "x" })).statusCode).toBe(422);
  });
});

describe("portal handlers are checked at boot", () => {
  it("refuses a declared portal action without its handler, and a handler for no declared action", () => {
    const setup = (list: typeof serverModules) => domainSetup([...resources, crates], list);
    const { label_scan: _, ...rest } = crateModule.portalActions;
    const missing = { ...crateModule, portalActions: rest };
    expect(() => installModules([...resources, crates], setup([...serverModules, missing]))).toThrow('Portal action "label_scan" of resource "crates" has no handler in its server module');
    const extra = { ...crateModule, portalActions: { ...crateModule.portalActions, polish: () => undefined } };
    expect(() => installModules([...resources, crates], setup([...serverModules, extra]))).toThrow('Server module of "crates" has a portal handler "polish" for no declared portal action');
    expect(() => installModules([...resources, crates], setup(serverModules))).toThrow('Portal actions of resource "crates" have no server module');
  });
});
