/**
 * An approved purchase order reaches its vendor (issue 14): mailed to the vendor's primary contacts with
 * the order as a PDF and its portal link, delivered by the mail job; the portal shows the order's lines.
 */
import { beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { config } from "../../src/server/config.js";
import { startTestJobs } from "../support/jobs.js";
import { startSmtpSink } from "../support/smtp-sink.js";
import { useApp } from "./harness.js";
import { poFixtures, type Json } from "./po-fixtures.js";

const h = useApp();
const { call, approve, oneApprover, approvedOrder } = poFixtures(h);
const poll = { timeout: 20_000, interval: 100 };

let acme = 0;
let northwind = 0;
const primary = `orders-${process.pid}@northwind.test`;
const billing = `billing-${process.pid}@northwind.test`;
beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  northwind = (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", acme).where("name", "=", "Northwind Supplies").executeTakeFirstOrThrow()).id;
  await h.database.db.insertInto("contacts").values({
    company_id: acme, first_name: "Olga", last_name: "Orders", email: primary, contact_type: "VENDOR", vendor_id: northwind, status: "ACTIVE", vendor_roles: ["PRIMARY"],
  }).execute();
  await h.database.db.insertInto("contacts").values({
    company_id: acme, first_name: "Bill", last_name: "Ing", email: billing, contact_type: "VENDOR", vendor_id: northwind, status: "ACTIVE", vendor_roles: ["INVOICE_REQUEST"],
  }).execute();
  await oneApprover();
});

/** The order's mail to others than Acme's staff (whose approval notices are about the order too). */
const mailOf = (id: number) => h.database.db.selectFrom("mail_messages").select(["to", "subject", "text", "attachments", "status"])
  .where("related_type", "=", "PurchaseOrder").where("related_id", "=", id).where("to", "not like", "%@acme.test").orderBy("id").execute();

describe("the approved order's mail", () => {
  it("goes to the vendor's primary contacts with the PDF and the portal link, and the mail job delivers the attachment", async () => {
    // MAIL_DELIVERY=off: this process only writes the outbox, the job runner delivers
    const delivery = config.mailDelivery;
    config.mailDelivery = false;
    const order = await approvedOrder(northwind).finally(() => { config.mailDelivery = delivery; });
    const mails = await mailOf(order.id);
    const ours = mails.filter((m) => m.to === primary);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ subject: `Purchase order ${order.number} from Acme Corp`, status: "pending" });
    expect(ours[0].text).toContain(`/vendor_portal/purchase_orders/${order.id}?company_id=${acme}`);
    expect(ours[0].attachments).toEqual([{ filename: `${order.number}.pdf`, content_type: "application/pdf", size: expect.any(Number) }]);
    // each primary contact of the vendor (the demo vendor login is one), no other contact
    const contacts = await h.database.db.selectFrom("contacts").select(["email", "vendor_roles"]).where("vendor_id", "=", northwind).where("email", "is not", null).execute();
    expect(mails.map((m) => m.to).sort()).toEqual(contacts.filter((c) => (c.vendor_roles as string[]).includes("PRIMARY")).map((c) => c.email).sort());
    expect(mails.map((m) => m.to)).toContain("vendor@northwind.test");
    expect(mails.map((m) => m.to)).not.toContain(billing);

    const sink = await startSmtpSink();
    const transport = { delivered: "sent" as const, transporter: nodemailer.createTransport({ host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true }) };
    const jobs = await startTestJobs(h.database, { mail: true, transport });
    try {
      const ours = () => sink.messages.filter((m) => m.to.some((to) => to.includes(primary)));
      await expect.poll(() => ours().length, poll).toBe(1);
      const [sent] = ours();
      expect(sent.subject).toBe(`Purchase order ${order.number} from Acme Corp`);
      expect(sent.data).toMatch(/Content-Type: application\/pdf/i);
      expect(sent.data).toContain(`${order.number}.pdf`);
      // the attachment is the PDF itself: base64 of "%PDF-"
      expect(sent.data).toContain("JVBERi0");
      await expect.poll(async () => (await mailOf(order.id)).find((m) => m.to === primary)?.status, poll).toBe("sent");
    } finally {
      await jobs.stop();
      await sink.close();
    }
  });

  it("is sent again as revised once a changed order is approved again; a draft or pending order sends nothing", async () => {
    const order = await approvedOrder(northwind);
    const changed = await call("po@acme.test", "PATCH", `/api/purchase_orders/${order.id}`, { po_items: [{ id: order.po_items[0].id, quantity: "5" }, { id: order.po_items[1].id }] });
    expect(changed.body.data.status).toBe("PENDING");
    expect((await mailOf(order.id)).filter((m) => m.to === primary)).toHaveLength(1);
    await approve(order.id);
    const mails = (await mailOf(order.id)).filter((m) => m.to === primary);
    expect(mails.map((m) => m.subject)).toEqual([`Purchase order ${order.number} from Acme Corp`, `Revised purchase order ${order.number} from Acme Corp`]);
  });

  it("a vendor without a primary contact gets it at its own address; one without any address gets none, and the approval stands", async () => {
    const [withEmail, without] = await Promise.all([`po-a-${process.pid}`, `po-b-${process.pid}`].map(async (name, n) =>
      (await h.database.db.insertInto("vendors").values({ company_id: acme, name, status: "ACTIVE", currency_code: "USD", email: n === 0 ? `${name}@vendor.test` : null }).returning("id").executeTakeFirstOrThrow()).id));
    const mailed = await approvedOrder(withEmail);
    expect((await mailOf(mailed.id)).map((m) => m.to)).toEqual([`po-a-${process.pid}@vendor.test`]);
    const silent = await approvedOrder(without);
    expect(await mailOf(silent.id)).toEqual([]);
  });
});

describe("the order's PDF", () => {
  it("downloads for who reads purchase orders, with its number, vendor and lines; not for others", async () => {
    const order = await approvedOrder(northwind);
    const get = async (email: string) => h.app.inject({ url: `/api/purchase_orders/${order.id}/order.pdf`, headers: await h.login(email) });
    const pdf = await get("po@acme.test");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(pdf.headers["content-disposition"]).toContain(`${order.number}.pdf`);
    const text = pdf.rawPayload.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    for (const words of [`Purchase Order ${order.number}`, "Northwind Supplies", "Chair", "Lamp", "Total: $350.00"]) expect(text, words).toContain(words);
    expect((await get("staff@acme.test")).statusCode).toBe(403);
    expect((await get("admin@globex.test")).statusCode).toBe(404);
  });
});

describe("the order's lines in the vendor portal", () => {
  it("shows the lines of the vendor's own orders, never another vendor's nor a draft's, and not to staff", async () => {
    const order = await approvedOrder(northwind);
    const vendorCall = (url: string) => call("vendor@northwind.test", "GET", url, undefined, acme);
    const shown = await vendorCall(`/api/portal/purchase_orders/${order.id}`);
    expect(shown.status).toBe(200);
    expect((shown.body.data.po_items as Json[]).sort((a, b) => a.line - b.line).map((l) => [l.line, l.description, l.quantity, l.unit_price, l.amount])).toEqual([
      [1, "Chair", "2.00000000", "100.00", "200.00"], [2, "Lamp", "3.00000000", "50.00", "150.00"],
    ]);
    expect(Object.keys(shown.body.data.po_items[0]).sort()).toEqual(["amount", "description", "id", "line", "qty_received", "quantity", "unit_price"]);

    const listed = await vendorCall(`/api/portal/po_items?purchase_order_id=${order.id}`);
    expect(listed.body.data.map((l: Json) => l.description)).toEqual(["Chair", "Lamp"]);
    const others = await h.database.db.selectFrom("po_items as i").innerJoin("purchase_orders as p", "p.id", "i.purchase_order_id").select(["i.id", "i.purchase_order_id"])
      .where("p.company_id", "=", acme).where("p.vendor_id", "<>", northwind).executeTakeFirstOrThrow();
    expect((await vendorCall(`/api/portal/po_items?purchase_order_id=${others.purchase_order_id}`)).body.data).toEqual([]);
    const all = (await vendorCall("/api/portal/po_items?_end=500")).body.data as Json[];
    expect(all.some((l) => l.id === others.id)).toBe(false);
    const draft = await call("po@acme.test", "POST", "/api/purchase_orders", {
      number: `PO-DR-${process.pid}`, vendor_id: northwind, date: "2026-11-02", currency_code: "USD", po_items: [{ description: "Secret", quantity: "1", unit_price: "1.00" }],
    });
    expect((await vendorCall(`/api/portal/po_items?purchase_order_id=${draft.body.data.id}`)).body.data).toEqual([]);
    expect((await call("admin@acme.test", "GET", "/api/portal/po_items")).status).toBe(403);
  });
});
