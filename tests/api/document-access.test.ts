/**
 * Issue 17: the document beside the data and receipts as files. The preview serves PDFs and images
 * inline (sandboxed, nosniff) and anything else as a download; whoever reads a record reads its
 * documents (the approver the invoice's PDF) and no one else; the employee attaches a receipt to their
 * own editable expense item and the card holder to their own card's transactions, each refused
 * elsewhere, with nothing stored.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";
import { jpeg, pdf, uploads } from "./uploads.js";

const h = useApp();
const { anInvoice, get, storedFiles, upload } = uploads(h);

const contactOf = async (email: string) => (await h.database.db.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
  .select("c.id").where("u.email", "=", email).where("c.company_id", "=", await h.companyId("Acme Corp")).executeTakeFirstOrThrow()).id;

describe("the document preview", () => {
  it("serves a PDF inline in a sandbox, and a text file only as a download", async () => {
    const invoice = await anInvoice();
    const document = (await upload(invoice, "scan.pdf", pdf("scan"))).json().data as { id: number };
    const inline = await get(`/api/documents/${document.id}/preview`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers["content-type"]).toBe("application/pdf");
    expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="scan.pdf"/);
    expect(inline.headers["x-content-type-options"]).toBe("nosniff");
    expect(inline.headers["content-security-policy"]).toMatch(/^sandbox;/);
    expect(inline.rawPayload.equals(pdf("scan"))).toBe(true);

    const text = (await upload(invoice, "notes.txt", Buffer.from("<html><script>alert(1)</script></html>"))).json().data as { id: number };
    const download = await get(`/api/documents/${text.id}/preview`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(download.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("the approver (no documents keys) sees the invoice's documents and opens its PDF; not a document of what they cannot read; a stranger gets 401", async () => {
    const invoice = await anInvoice();
    const document = (await upload(invoice, "invoice.pdf", pdf("to approve"))).json().data as { id: number };
    const shown = (await get(`/api/invoices/${String(invoice.id)}`, "approver@acme.test")).json().data as { documents?: { id: number }[] };
    expect(shown.documents?.map((d) => d.id)).toContain(document.id);
    expect((await get(`/api/documents/${document.id}/preview`, "approver@acme.test")).statusCode).toBe(200);
    expect((await get(`/api/documents/${document.id}/file`, "approver@acme.test")).statusCode).toBe(200);

    const company = await h.companyId("Acme Corp");
    const settingsFile = (await upload({ type: "Company", id: company }, "contract.pdf", pdf("company only"))).json().data as { id: number };
    expect((await get(`/api/documents/${settingsFile.id}/preview`, "approver@acme.test")).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/documents/${document.id}/preview` })).statusCode).toBe(401);
  });
});

describe("receipts attached without the documents keys", () => {
  it("the employee attaches a receipt photo to their own item; not to another's, not to an invoice; a stranger gets 401", async () => {
    const db = h.database.db;
    const staff = await contactOf("staff@acme.test");
    const own = await db.selectFrom("expense_items").select("id").where("employee_contact_id", "=", staff).where("status", "in", ["DRAFT", "NEW"]).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("expense_items").set({ receipt_attached: false }).where("id", "=", own.id).execute();
    const attached = await upload({ type: "ExpenseItem", id: own.id }, "taxi.jpg", jpeg, "staff@acme.test");
    expect(attached.statusCode, attached.body).toBe(201);
    expect((await db.selectFrom("expense_items").select("receipt_attached").where("id", "=", own.id).executeTakeFirstOrThrow()).receipt_attached).toBe(true);

    const others = await db.selectFrom("expense_items").select("id").where("employee_contact_id", "<>", staff).where("company_id", "=", await h.companyId("Acme Corp")).executeTakeFirstOrThrow();
    const before = await storedFiles();
    expect((await upload({ type: "ExpenseItem", id: others.id }, "taxi.jpg", jpeg, "staff@acme.test")).statusCode).toBe(404);
    expect((await upload(await anInvoice(), "invoice.pdf", pdf("x"), "staff@acme.test")).statusCode).toBe(403);
    expect(await storedFiles()).toBe(before);
    expect((await h.app.inject({ method: "POST", url: "/api/documents/upload" })).statusCode).toBe(401);
  });

  it("the card holder attaches a receipt to their own card's transaction and to no other; deleting it clears the flag", async () => {
    const db = h.database.db;
    const company = await h.companyId("Acme Corp");
    const staff = await contactOf("staff@acme.test");
    const [mine, other] = await db.selectFrom("virtual_cards").select("id").where("company_id", "=", company)
      .where((eb) => eb.exists(eb.selectFrom("card_transactions as t").select("t.id").whereRef("t.virtual_card_id", "=", "virtual_cards.id"))).orderBy("id").limit(2).execute();
    await db.updateTable("virtual_cards").set({ contact_id: staff }).where("id", "=", mine.id).execute();
    await db.updateTable("virtual_cards").set({ contact_id: await contactOf("ap@acme.test") }).where("id", "=", other.id).execute();
    const transaction = async (card: number) => (await db.selectFrom("card_transactions").select("id").where("virtual_card_id", "=", card).orderBy("id").executeTakeFirstOrThrow()).id;
    const own = await transaction(mine.id);
    await db.deleteFrom("documents").where("assetable_type", "=", "CardTransaction").where("assetable_id", "=", own).execute();

    const attached = await upload({ type: "CardTransaction", id: own }, "lunch.jpg", jpeg, "staff@acme.test");
    expect(attached.statusCode, attached.body).toBe(201);
    const flag = async () => (await db.selectFrom("card_transactions").select("receipt_attached").where("id", "=", own).executeTakeFirstOrThrow()).receipt_attached;
    expect(await flag()).toBe(true);

    const before = await storedFiles();
    expect((await upload({ type: "CardTransaction", id: await transaction(other.id) }, "lunch.jpg", jpeg, "staff@acme.test")).statusCode).toBe(404);
    expect(await storedFiles()).toBe(before);

    // the holder may attach, not delete (deleteDocuments): the administrator's delete clears the flag
    const id = (attached.json().data as { id: number }).id;
    expect((await h.app.inject({ method: "DELETE", url: `/api/documents/${id}`, headers: await h.login("staff@acme.test") })).statusCode).toBe(403);
    expect((await h.app.inject({ method: "DELETE", url: `/api/documents/${id}`, headers: await h.login("admin@acme.test") })).statusCode).toBe(200);
    expect(await flag()).toBe(false);
  });
});

describe("documents attached by whoever may create or edit the record (issue 34)", () => {
  it("the AP clerk attaches the invoice PDF; the buyer the order's quote; neither to what they may not edit; not to another company's record", async () => {
    const clerk = await upload(await anInvoice(), "invoice.pdf", pdf("keyed"), "ap@acme.test");
    expect(clerk.statusCode, clerk.body).toBe(201);

    const db = h.database.db;
    const acme = await h.companyId("Acme Corp");
    const order = await db.selectFrom("purchase_orders").select("id").where("company_id", "=", acme).orderBy("id").executeTakeFirstOrThrow();
    const buyer = await upload({ type: "PurchaseOrder", id: order.id }, "quote.pdf", pdf("quote"), "po@acme.test");
    expect(buyer.statusCode, buyer.body).toBe(201);

    const before = await storedFiles();
    // the receiving clerk reads orders but neither creates nor edits them; the approver edits no invoice
    expect((await upload({ type: "PurchaseOrder", id: order.id }, "quote.pdf", pdf("x"), "receiving@acme.test")).statusCode).toBe(403);
    expect((await upload(await anInvoice(), "invoice.pdf", pdf("x"), "approver@acme.test")).statusCode).toBe(403);
    // the company's own files stay the documents keys' (no resource's edit reaches them)
    expect((await upload({ type: "Company", id: acme }, "contract.pdf", pdf("x"), "ap@acme.test")).statusCode).toBe(403);
    // another company's invoice does not exist for Acme's clerk
    const globexInvoice = await db.selectFrom("invoices").select("id").where("company_id", "=", await h.companyId("Globex Ltd")).executeTakeFirstOrThrow();
    expect((await upload({ type: "Invoice", id: globexInvoice.id }, "invoice.pdf", pdf("x"), "ap@acme.test")).statusCode).toBe(404);
    expect(await storedFiles()).toBe(before);
  });
});
