/**
 * The vendor portal's reading (docs/portal.md): GET /api/portal/{name}[/{id}] answers a vendor
 * contact the rows of their own vendor in the company of the request, with the declared portal
 * fields only; filters and sorts on other fields are refused; another vendor's record does not exist
 * (404); staff have no portal, vendors no staff paths.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import invoices from "../../resources/invoices.js";
import { useApp } from "./harness.js";

/** vendor@northwind.test is a Northwind contact at Acme and, in the demo data, at Globex (of Globex's own Northwind Supplies). */
let globexVendorId = 0;
const h = useApp({
  async prepare(database) {
    const db = database.db;
    const globex = (await db.selectFrom("companies").select("id").where("name", "=", "Globex Ltd").executeTakeFirstOrThrow()).id;
    const vendorUser = await db.selectFrom("users").select(["id", "password_hash"]).where("email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    globexVendorId = (await db.selectFrom("contacts").select("vendor_id").where("company_id", "=", globex).where("user_id", "=", vendorUser.id)
      .where("status", "=", "ACTIVE").executeTakeFirstOrThrow()).vendor_id!;
    // a vendor-role login whose contact names no vendor
    const acme = (await db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow()).id;
    const orphan = await db.insertInto("users").values({ email: "orphan@vendor.test", name: "Orphan", password_hash: vendorUser.password_hash, current_company_id: acme })
      .returning("id").executeTakeFirstOrThrow();
    await db.insertInto("contacts").values({
      company_id: acme, first_name: "Orphan", last_name: "Vendor", email: "orphan@vendor.test", contact_type: "VENDOR", role: "vendor",
      user_id: orphan.id, vendor_id: null, source: "COMPANY", company_roles: [], vendor_roles: [], status: "ACTIVE",
    }).execute();
  },
});

let acme = 0;
let globex = 0;
let northwind = 0;
let vendor: Record<string, string> = {};
let vendorAtGlobex: Record<string, string> = {};

const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: "GET", url, headers });

/** The ids of a company's invoices of a vendor that the portal shows (drafts never: the purchaser's work in progress), past row-level security. */
async function invoiceIds(companyId: number, vendorId: number, status?: string): Promise<number[]> {
  let qb = h.database.db.selectFrom("invoices").select("id").where("company_id", "=", companyId).where("vendor_id", "=", vendorId).where("status", "<>", "DRAFT");
  if (status) qb = qb.where("status", "=", status);
  return (await qb.orderBy("id", "desc").execute()).map((r) => r.id);
}

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
  northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  vendor = await h.login("vendor@northwind.test", acme);
  vendorAtGlobex = await h.login("vendor@northwind.test", globex);
});

describe("portal lists", () => {
  it("lists only the vendor's own rows of the company, with the right total", async () => {
    const own = await invoiceIds(acme, northwind);
    expect(own.length).toBeGreaterThan(0);
    const response = await get("/api/portal/invoices?_start=0&_end=1000", vendor);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.total).toBe(own.length);
    expect(response.headers["x-total-count"]).toBe(String(own.length));
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(own);
  });

  it("confines filters, sorts and search to the vendor's rows too", async () => {
    const paid = await invoiceIds(acme, northwind, "PAID");
    const filtered = (await get("/api/portal/invoices?status=PAID&_sort=amount&_order=desc", vendor)).json();
    expect(filtered.meta.total).toBe(paid.length);
    expect(filtered.data.every((r: { status: string }) => r.status === "PAID")).toBe(true);
    const amounts = filtered.data.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // a search for another vendor's invoice number finds nothing
    const other = await h.database.db.selectFrom("invoices").select("number").where("company_id", "=", acme).where("vendor_id", "!=", northwind).executeTakeFirstOrThrow();
    const searched = (await get(`/api/portal/invoices?q=${encodeURIComponent(other.number)}`, vendor)).json();
    expect(searched.data.every((r: { number: string }) => r.number !== other.number)).toBe(true);
    // `q` looks only in the searchable portal fields: an own invoice's description (not a portal field) finds nothing
    const described = await h.database.db.selectFrom("invoices").select(["id", "description"]).where("company_id", "=", acme).where("vendor_id", "=", northwind)
      .where("description", "is not", null).where("description", "!=", "").executeTakeFirst();
    if (described) {
      const byDescription = (await get(`/api/portal/invoices?q=${encodeURIComponent(described.description!)}&_end=1000`, vendor)).json();
      expect(byDescription.data.map((r: { id: number }) => r.id)).not.toContain(described.id);
    }
  });

  it("answers the portal fields only: no notes, GL coding, approvals, creators or other relations", async () => {
    const { data } = (await get("/api/portal/invoices?_end=50", vendor)).json();
    const allowed = new Set(["id", ...invoices.portal.fields.map((f) => f.split(".")[0])]);
    for (const row of data) {
      for (const key of Object.keys(row)) expect(allowed.has(key), key).toBe(true);
      for (const hidden of ["notes", "debit_entries", "created_by_id", "submitted_by_id", "approvals", "activities", "vendor", "subsidiary", "vendor_id", "department"]) {
        expect(row, hidden).not.toHaveProperty(hidden);
      }
    }
    expect(data[0]).toHaveProperty("number");
    expect(data[0]).toHaveProperty("amount");
    expect(data[0]).toHaveProperty("status");
  });

  it("shows an own record with the declared relation fields only", async () => {
    const [paid] = await invoiceIds(acme, northwind, "PAID");
    const id = paid ?? (await invoiceIds(acme, northwind))[0];
    const response = await get(`/api/portal/invoices/${id}`, vendor);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.id).toBe(id);
    expect(data).not.toHaveProperty("notes");
    expect(data).not.toHaveProperty("approvals");
    expect(data).not.toHaveProperty("documents");
    expect(Array.isArray(data.payments)).toBe(true);
    expect(Array.isArray(data.purchase_orders)).toBe(true);
    for (const payment of data.payments ?? []) expect(Object.keys(payment).sort()).toEqual(["amount", "id", "payment_date", "payment_number", "status"]);
    for (const po of data.purchase_orders ?? []) expect(Object.keys(po).sort()).toEqual(["id", "number"]);
  });

  it("answers 404 for another vendor's record and for another company's", async () => {
    const other = await h.database.db.selectFrom("invoices").select("id").where("company_id", "=", acme).where("vendor_id", "!=", northwind).executeTakeFirstOrThrow();
    expect((await get(`/api/portal/invoices/${other.id}`, vendor)).statusCode).toBe(404);
    const [globexOwn] = await invoiceIds(globex, globexVendorId);
    expect((await get(`/api/portal/invoices/${globexOwn}`, vendor)).statusCode).toBe(404);
    const otherPayment = await h.database.db.selectFrom("payments").select("id").where("company_id", "=", acme).where("vendor_id", "!=", northwind).executeTakeFirst();
    if (otherPayment) expect((await get(`/api/portal/payments/${otherPayment.id}`, vendor)).statusCode).toBe(404);
  });

  it("refuses filters and sorts on fields the portal does not declare", async () => {
    for (const query of ["notes_like=a", "vendor_id=1", "_sort=notes", "debit_entries_null=true", "subsidiary.name_like=a", "created_by_id=1"]) {
      const response = await get(`/api/portal/invoices?${query}`, vendor);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors.base[0], query).toMatch(/^cannot (filter|sort) on /);
    }
    expect((await get("/api/portal/invoices?purchase_orders.number_like=PO", vendor)).statusCode).toBe(200);
  });

  it("shows a second purchaser's own rows of the vendor through the company-id header", async () => {
    const own = await invoiceIds(globex, globexVendorId);
    expect(own.length).toBeGreaterThan(0);
    const body = (await get("/api/portal/invoices?_end=1000", vendorAtGlobex)).json();
    expect(body.meta.total).toBe(own.length);
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(own);
    // and Acme's answer holds none of them
    const atAcme = (await get("/api/portal/invoices?_end=1000", vendor)).json();
    expect(atAcme.data.some((r: { id: number }) => own.includes(r.id))).toBe(false);
  });

  it("serves every portal resource, each confined", async () => {
    for (const name of ["payments", "purchase_orders", "invoice_requests", "accrual_requests", "accruals", "inbound_receipts", "vendor_contacts"]) {
      const response = await get(`/api/portal/${name}?_end=1000`, vendor);
      expect(response.statusCode, name).toBe(200);
      const table = name === "vendor_contacts" ? "contacts" : name;
      const data: Record<string, unknown>[] = response.json().data;
      const allowed = new Set(["id", ...resourceByName.get(name)!.portal!.fields.map((f) => f.split(".")[0])]);
      for (const row of data) for (const key of Object.keys(row)) expect(allowed.has(key), `${name}.${key}`).toBe(true);
      const ids = data.map((r) => r.id as number);
      if (ids.length > 0) {
        const rows = await h.database.db.selectFrom(table as "invoices").select(["vendor_id", "company_id"]).where("id", "in", ids).execute();
        expect(rows.every((r) => r.vendor_id === northwind && r.company_id === acme), name).toBe(true);
      }
    }
    const contacts = (await get("/api/portal/vendor_contacts", vendor)).json().data;
    expect(contacts.length).toBeGreaterThan(0);
    for (const contact of contacts) {
      expect(contact).not.toHaveProperty("role");
      expect(contact).not.toHaveProperty("user_id");
    }
  });

  it("shows nothing to a vendor contact that names no vendor", async () => {
    const orphan = await h.login("orphan@vendor.test", acme);
    const body = (await get("/api/portal/invoices", orphan)).json();
    expect(body.meta.total).toBe(0);
    expect(body.data).toEqual([]);
    const [own] = await invoiceIds(acme, northwind);
    expect((await get(`/api/portal/invoices/${own}`, orphan)).statusCode).toBe(404);
  });
});

describe("who may use which paths", () => {
  it("refuses staff on the portal paths (403)", async () => {
    const admin = await h.login("admin@acme.test", acme);
    const [own] = await invoiceIds(acme, northwind);
    expect((await get("/api/portal/invoices", admin)).statusCode).toBe(403);
    expect((await get(`/api/portal/invoices/${own}`, admin)).statusCode).toBe(403);
  });

  it("keeps the vendor off the staff paths (403)", async () => {
    const [own] = await invoiceIds(acme, northwind);
    expect((await get("/api/invoices", vendor)).statusCode).toBe(403);
    expect((await get(`/api/invoices/${own}`, vendor)).statusCode).toBe(403);
    expect((await get("/api/invoices/stats", vendor)).statusCode).toBe(403);
    expect((await get("/api/payments", vendor)).statusCode).toBe(403);
  });

  it("lists the portal paths in OpenAPI", async () => {
    const doc = (await h.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/portal/invoices"].get.tags).toEqual(["portal"]);
    expect(doc.paths["/api/portal/invoices/{id}"].get).toBeDefined();
    expect(doc.paths["/api/portal/accounts"]).toBeUndefined();
  });

  it("offers no portal path for a resource outside the portal, nor any write", async () => {
    expect((await get("/api/portal/accounts", vendor)).statusCode).toBe(404);
    expect((await h.app.inject({ method: "POST", url: "/api/portal/invoices", headers: vendor, payload: {} })).statusCode).toBe(404);
  });
});
