/**
 * Vendor self-service in the portal (issue 13, docs/portal.md "Self-service"): new bank details are a
 * PENDING method approved through the Vendor workflow and never paid before (the vendor's other
 * contacts and the admins are mailed), the W-9 is a PDF document of the vendor, the tax id format is
 * checked wherever it is written, a likely duplicate vendor is flagged to staff, purchase orders are
 * acknowledged, and drafts are not the vendor's to see. Every refusal: another vendor's record 404,
 * staff on the portal 403, wrong status 409, bad input 422.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { tinyPdf } from "../../src/server/seed/admin.js";
import { multipart } from "./multipart.js";
import { useApp } from "./harness.js";

const otherContact = "ar@northwind.test";
const h = useApp({
  async prepare(database) {
    // a second contact of Northwind at Acme: the one told when the demo vendor changes the bank details
    const acme = (await database.db.selectFrom("companies").select("id").where("name", "=", "Acme Corp").executeTakeFirstOrThrow()).id;
    const northwind = (await database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
    await database.db.insertInto("contacts").values({
      company_id: acme, first_name: "Ada", last_name: "Receivable", email: otherContact, contact_type: "VENDOR", vendor_id: northwind, status: "ACTIVE", source: "VENDOR",
    }).execute();
  },
});

let acme = 0;
let northwind = 0;
let vendor: Record<string, string> = {};
let admin: Record<string, string> = {};

type Method = "GET" | "POST" | "PATCH";
const call = (headers: Record<string, string>, method: Method, url: string, payload?: object, extra: Record<string, string> = {}) =>
  h.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  vendor = await h.login("vendor@northwind.test", acme);
  admin = await h.login("admin@acme.test", acme);
});

const bank = { account_name: "Northwind Supplies", bank_name: "First Test Bank", routing: "021000021", account_number: "55501234", account_type: "checking" };

describe("new bank details from the portal", () => {
  let methodId = 0;

  it("creates a PENDING method awaiting the Vendor workflow, and mails the vendor's other contacts and the admins, not the author", async () => {
    const before = (await h.database.db.selectFrom("mail_messages").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0;
    const response = await call(vendor, "POST", "/api/portal/payment_methods/propose", bank, { "idempotency-key": `bank-${process.pid}` });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ status: "PENDING", is_default: false, account_number_masked: "••••1234", payment_type: "ach" });
    expect(data).not.toHaveProperty("account_number");
    expect(data).not.toHaveProperty("routing");
    methodId = data.id;
    const approvals = (await call(admin, "GET", `/api/approvals?approvable_type=PaymentMethod&approvable_id=${methodId}&aasm_state=pending`)).json().data;
    expect(approvals).toHaveLength(1);
    const mail = await h.database.db.selectFrom("mail_messages").select(["to", "text"]).where("id", ">", Number(before))
      .where("related_type", "=", "PaymentMethod").where("related_id", "=", methodId).where("subject", "like", "Bank details changed%").execute();
    const to = mail.map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([otherContact, "admin@acme.test"]));
    expect(to).not.toContain("vendor@northwind.test");
    expect(mail.every((m) => String(m.text).includes("••••1234") && !String(m.text).includes("55501234"))).toBe(true);
  });

  it("is idempotent: the same details again answer the pending method, no second method, no second mail", async () => {
    const count = async () => (await h.database.db.selectFrom("mail_messages").select((eb) => eb.fn.countAll().as("n")).where("related_type", "=", "PaymentMethod").where("related_id", "=", methodId).executeTakeFirstOrThrow()).n;
    const mails = Number(await count());
    const again = await call(vendor, "POST", "/api/portal/payment_methods/propose", bank);
    expect(again.json().data.id).toBe(methodId);
    const replayed = await call(vendor, "POST", "/api/portal/payment_methods/propose", bank, { "idempotency-key": `bank-${process.pid}` });
    expect(replayed.json().data.id).toBe(methodId);
    expect(Number(await count())).toBe(mails);
    const methods = await h.database.db.selectFrom("payment_methods").select("id").where("vendor_id", "=", northwind).where("account_number", "=", bank.account_number).execute();
    expect(methods).toHaveLength(1);
  });

  it("is never paid while PENDING: a payment run refuses the method and pays the vendor's approved default", async () => {
    const invoice = await h.database.db.selectFrom("invoices").select(["id", "outstanding_balance_pending"]).where("company_id", "=", acme).where("vendor_id", "=", northwind)
      .where("status", "in", ["APPROVED", "OPEN"]).where("outstanding_balance_pending", ">", "1").where((eb) => eb.or([eb("is_on_hold", "=", false), eb("is_on_hold", "is", null)]))
      .executeTakeFirstOrThrow();
    const item = { invoice_id: invoice.id, amount: "1.00" };
    const refused = await call(admin, "POST", "/api/payment_runs/preview", { payment_date: earliestPaymentDate(), items: [{ ...item, payment_method_id: methodId }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors["items.0.payment_method_id"]).toEqual(["is not active"]);
    const preview = await call(admin, "POST", "/api/payment_runs/preview", { payment_date: earliestPaymentDate(), items: [item] });
    if (preview.statusCode === 200) expect(JSON.stringify(preview.json().data)).not.toContain(`"payment_method_id":${methodId}`);
    else expect(preview.json().errors["items.0.payment_method_id"]).toBeDefined();
  });

  it("approved, becomes the vendor's default", async () => {
    const [approval] = (await call(admin, "GET", `/api/approvals?approvable_type=PaymentMethod&approvable_id=${methodId}&aasm_state=pending`)).json().data;
    const approved = await call(admin, "POST", `/api/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const method = (await call(vendor, "GET", `/api/portal/payment_methods/${methodId}`)).json().data;
    expect(method).toMatchObject({ status: "ACTIVE", is_default: true });
    const defaults = await h.database.db.selectFrom("payment_methods").select("id").where("vendor_id", "=", northwind).where("is_default", "=", true).execute();
    expect(defaults.map((d) => d.id)).toEqual([methodId]);
  });

  it("422 per field for a bad routing number (ABA checksum) or a missing account number", async () => {
    const bad = await call(vendor, "POST", "/api/portal/payment_methods/propose", { ...bank, routing: "123456789", account_number: "99990000" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.routing).toEqual(["is not a valid ABA routing number"]);
    const missing = await call(vendor, "POST", "/api/portal/payment_methods/propose", { account_name: "X", routing: "021000021" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.account_number).toBeDefined();
  });

  it("refuses staff on the portal (403) and the vendor on the staff paths (403)", async () => {
    expect((await call(admin, "POST", "/api/portal/payment_methods/propose", bank)).statusCode).toBe(403);
    expect((await call(vendor, "POST", "/api/payment_methods", { owner_type: "Vendor", vendor_id: northwind, payment_type: "ach", currency_code: "USD" })).statusCode).toBe(403);
  });
});

describe("the W-9", () => {
  it("stores the PDF as a document of the vendor, sets has_w9, and staff see it on the vendor", async () => {
    await h.database.db.updateTable("vendors").set({ has_w9: false }).where("id", "=", northwind).execute();
    const form = await multipart({}, { name: "w9.pdf", content: tinyPdf("Form W-9 Northwind"), type: "application/pdf" });
    const response = await h.app.inject({ method: "POST", url: `/api/portal/vendors/${northwind}/upload_w9`, headers: { ...vendor, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.has_w9).toBe(true);
    const staff = (await call(admin, "GET", `/api/vendors/${northwind}`)).json().data;
    expect(staff.has_w9).toBe(true);
    expect(staff.documents.map((d: { asset_file_file_name: string }) => d.asset_file_file_name)).toContain("w9.pdf");
  });

  it("422 without a file or with another type; 404 on another vendor", async () => {
    const none = await multipart({});
    expect((await h.app.inject({ method: "POST", url: `/api/portal/vendors/${northwind}/upload_w9`, headers: { ...vendor, ...none.headers }, payload: none.payload })).statusCode).toBe(422);
    const png = await multipart({}, { name: "w9.png", content: Buffer.from("x"), type: "image/png" });
    const wrong = await h.app.inject({ method: "POST", url: `/api/portal/vendors/${northwind}/upload_w9`, headers: { ...vendor, ...png.headers }, payload: png.payload });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.file).toBeDefined();
    const other = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("id", "<>", northwind).executeTakeFirstOrThrow();
    const pdf = await multipart({}, { name: "w9.pdf", content: tinyPdf("W-9"), type: "application/pdf" });
    expect((await h.app.inject({ method: "POST", url: `/api/portal/vendors/${other.id}/upload_w9`, headers: { ...vendor, ...pdf.headers }, payload: pdf.payload })).statusCode).toBe(404);
  });
});

describe("the tax id format, staff and portal", () => {
  it("refuses a malformed US tax id with a plain-words 422, staff and portal", async () => {
    const staff = await call(admin, "POST", "/api/vendors", { name: `Tax Test ${process.pid}`, tax_id: "12-34" });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors.tax_id[0]).toMatch(/must be a US EIN \(12-3456789\) or SSN \(123-45-6789\)/);
    const portal = await call(vendor, "POST", `/api/portal/vendors/${northwind}/update_details`, { tax_id: "ABC" });
    expect(portal.statusCode).toBe(422);
    expect(portal.json().errors.tax_id).toBeDefined();
  });

  it("normalises nine digits to an EIN, keeps an SSN, and leaves another country's format alone", async () => {
    const ein = await call(admin, "POST", "/api/vendors", { name: `Ein Test ${process.pid}`, tax_id: "987654321" });
    expect(ein.statusCode, ein.body).toBe(201);
    expect(ein.json().data.tax_id).toBe("98-7654321");
    const ssn = await call(admin, "POST", "/api/vendors", { name: `Ssn Test ${process.pid}`, tax_id: "123-45-6789" });
    expect(ssn.json().data.tax_id).toBe("123-45-6789");
    const vat = await call(admin, "POST", "/api/vendors", { name: `Vat Test ${process.pid}`, tax_id: "DE123456789", country: "DE" });
    expect(vat.statusCode, vat.body).toBe(201);
  });

  it("the demo data passes the check", async () => {
    const rows = await h.database.db.selectFrom("vendors").select(["tax_id", "country"]).where("tax_id", "is not", null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) if (!row.country || row.country === "US") expect(row.tax_id).toMatch(/^(\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/);
  });

  it("the vendor edits its own contact details from the portal; the name is not self-service", async () => {
    const response = await call(vendor, "POST", `/api/portal/vendors/${northwind}/update_details`, { phone: "+1 555 0100", city: "Portland" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ phone: "+1 555 0100", city: "Portland" });
    const renamed = await call(vendor, "POST", `/api/portal/vendors/${northwind}/update_details`, { name: "Southwind" });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.name).toBeDefined();
  });
});

describe("likely duplicate vendors", () => {
  it("flags a vendor with the same normalised name, and notifies the admins; not a refusal", async () => {
    const response = await call(admin, "POST", "/api/vendors", { name: "NORTHWIND supplies, Inc." });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data;
    expect(created.possible_duplicate_of_id).toBe(northwind);
    expect(created.possible_duplicate_of).toMatchObject({ id: northwind, name: "Northwind Supplies" });
    const notices = await h.database.db.selectFrom("notifications").select(["title", "link"]).where("company_id", "=", acme).where("title", "like", "Possible duplicate vendor: NORTHWIND%").execute();
    expect(notices.length).toBeGreaterThan(0);
    const listed = (await call(admin, "GET", `/api/vendors?possible_duplicate_of_id=${northwind}`)).json().data;
    expect(listed.map((v: { id: number }) => v.id)).toContain(created.id);
  });

  it("flags the same tax id, and clears the flag when the likeness is gone", async () => {
    const first = (await call(admin, "POST", "/api/vendors", { name: `Alpha ${process.pid}`, tax_id: "11-1111111" })).json().data;
    expect(first.possible_duplicate_of_id).toBeNull();
    const second = (await call(admin, "POST", "/api/vendors", { name: `Beta ${process.pid}`, tax_id: "111111111" })).json().data;
    expect(second.possible_duplicate_of_id).toBe(first.id);
    const changed = await call(admin, "PATCH", `/api/vendors/${second.id}`, { tax_id: "22-2222222" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.possible_duplicate_of_id).toBeNull();
  });
});

describe("purchase order acknowledgement", () => {
  const orderOf = (statuses: string[], own = true) => {
    const query = h.database.db.selectFrom("purchase_orders").select(["id", "status"]).where("company_id", "=", acme).where("status", "in", statuses);
    return (own ? query.where("vendor_id", "=", northwind) : query.where("vendor_id", "<>", northwind)).orderBy("id").executeTakeFirst();
  };

  it("records when and who, once; staff see it", async () => {
    let order = await orderOf(["APPROVED", "OPEN"]);
    if (!order) {
      order = (await h.database.db.selectFrom("purchase_orders").select(["id", "status"]).where("company_id", "=", acme).where("status", "=", "OPEN").executeTakeFirstOrThrow());
      await h.database.db.updateTable("purchase_orders").set({ vendor_id: northwind }).where("id", "=", order.id).execute();
    }
    const first = await call(vendor, "POST", `/api/portal/purchase_orders/${order.id}/acknowledge`);
    expect(first.statusCode, first.body).toBe(200);
    const at = first.json().data.acknowledged_at;
    expect(at).toBeTruthy();
    const twice = await call(vendor, "POST", `/api/portal/purchase_orders/${order.id}/acknowledge`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.acknowledged_at).toBe(at);
    const user = await h.database.db.selectFrom("users").select("id").where("email", "=", "vendor@northwind.test").executeTakeFirstOrThrow();
    const staff = (await call(admin, "GET", `/api/purchase_orders/${order.id}`)).json().data;
    expect(staff).toMatchObject({ acknowledged_at: at, acknowledged_by_id: user.id });
  });

  it("409 on an order not approved; 404 on a draft, on another vendor's; 403 for staff", async () => {
    // Northwind's orders in the statuses the check needs (the demo data may give it none)
    const own = async (status: string) => {
      const order = (await orderOf([status])) ?? (await orderOf([status], false))!;
      await h.database.db.updateTable("purchase_orders").set({ vendor_id: northwind }).where("id", "=", order.id).execute();
      return order.id;
    };
    for (const status of ["PENDING", "CLOSED", "REJECTED"]) {
      expect((await call(vendor, "POST", `/api/portal/purchase_orders/${await own(status)}/acknowledge`)).statusCode, status).toBe(409);
    }
    expect((await call(vendor, "POST", `/api/portal/purchase_orders/${await own("DRAFT")}/acknowledge`)).statusCode).toBe(404);
    const other = (await orderOf(["APPROVED", "OPEN"], false))!;
    expect((await call(vendor, "POST", `/api/portal/purchase_orders/${other.id}/acknowledge`)).statusCode).toBe(404);
    expect((await call(admin, "POST", `/api/portal/purchase_orders/${other.id}/acknowledge`)).statusCode).toBe(403);
  });
});

describe("drafts are the purchaser's", () => {
  it("never lists, counts or shows a draft invoice or order to the vendor", async () => {
    const [draft] = await h.database.db.selectFrom("invoices").select("id").where("company_id", "=", acme).where("vendor_id", "=", northwind).where("status", "=", "DRAFT").limit(1).execute();
    const invoice = draft ?? (await h.database.db.updateTable("invoices").set({ status: "DRAFT" }).where("id", "=",
      (await h.database.db.selectFrom("invoices").select("id").where("vendor_id", "=", northwind).where("status", "=", "NEW").executeTakeFirstOrThrow()).id).returning("id").executeTakeFirstOrThrow());
    expect((await call(vendor, "GET", `/api/portal/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await call(vendor, "GET", "/api/portal/invoices?status=DRAFT")).json().meta.total).toBe(0);
    const all = (await call(vendor, "GET", "/api/portal/invoices?_end=1000")).json().data as { id: number; status: string }[];
    expect(all.some((r) => r.status === "DRAFT" || r.id === invoice.id)).toBe(false);
    expect((await call(vendor, "GET", "/api/portal/purchase_orders?status=DRAFT")).json().meta.total).toBe(0);
  });
});

describe("the demo vendor supplies two purchasers", () => {
  it("has an active vendor contact at Globex, whose portal shows Globex's own Northwind", async () => {
    const globex = await h.companyId("Globex Ltd");
    const atGlobex = await h.login("vendor@northwind.test", globex);
    const vendors = (await call(atGlobex, "GET", "/api/portal/vendors")).json().data;
    expect(vendors).toHaveLength(1);
    expect(vendors[0].name).toBe("Northwind Supplies");
    expect(vendors[0].id).not.toBe(northwind);
    expect((await call(atGlobex, "GET", "/api/portal/invoices?_end=1")).json().meta.total).toBeGreaterThan(0);
  });
});

describe("the vendor's own contacts", () => {
  it("adds one of its own vendor (source VENDOR, no sign-in role), edits and deactivates it", async () => {
    const added = await call(vendor, "POST", "/api/portal/vendor_contacts/add", { first_name: "Olga", last_name: "Orders", email: "orders@northwind.test", vendor_roles: ["INVOICE_REQUEST"] });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id;
    const stored = await h.database.db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ company_id: acme, vendor_id: northwind, contact_type: "VENDOR", source: "VENDOR", role: null, user_id: null, status: "ACTIVE" });
    const edited = await call(vendor, "POST", `/api/portal/vendor_contacts/${id}/edit_contact`, { phone: "+1 555 0199" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.phone).toBe("+1 555 0199");
    const deactivated = await call(vendor, "POST", `/api/portal/vendor_contacts/${id}/deactivate`);
    expect(deactivated.json().data.status).toBe("INACTIVE");
    expect((await call(vendor, "POST", `/api/portal/vendor_contacts/${id}/deactivate`)).statusCode).toBe(409);
  });

  it("refuses roles (422), the company's own contacts (409), another vendor's (404), staff (403)", async () => {
    const elevated = await call(vendor, "POST", "/api/portal/vendor_contacts/add", { first_name: "Eve", last_name: "Admin", role: "admin", vendor_id: 1, company_roles: ["APPROVER"] });
    expect(elevated.statusCode).toBe(422);
    expect(Object.keys(elevated.json().errors).sort()).toEqual(expect.arrayContaining(["role"]));
    const companys = await h.database.db.selectFrom("contacts").select("id").where("company_id", "=", acme).where("vendor_id", "=", northwind).where("source", "=", "COMPANY").executeTakeFirstOrThrow();
    expect((await call(vendor, "POST", `/api/portal/vendor_contacts/${companys.id}/edit_contact`, { phone: "1" })).statusCode).toBe(409);
    const others = await h.database.db.selectFrom("contacts").select("id").where("company_id", "=", acme).where("contact_type", "=", "VENDOR")
      .where("vendor_id", "<>", northwind).where("source", "=", "VENDOR").executeTakeFirstOrThrow();
    expect((await call(vendor, "POST", `/api/portal/vendor_contacts/${others.id}/edit_contact`, { phone: "1" })).statusCode).toBe(404);
    expect((await call(admin, "POST", "/api/portal/vendor_contacts/add", { first_name: "A", last_name: "B" })).statusCode).toBe(403);
  });
});
