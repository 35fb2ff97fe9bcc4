/**
 * Files for the bank (issue 31): the ISO 20022 pain.001 of a run's SEPA payments, checks on stock
 * (MICR line, register, void and reprint) and positive pay.
 */
import { describe, expect, it } from "vitest";
import { earliestPaymentDate } from "../../src/framework/business-days.js";
import { money } from "../../src/framework/money.js";
import { insertRows } from "../../src/server/db/bulk.js";
import { composeIban } from "../../src/server/domain/payments/bank.js";
import { auditPain001 } from "../support/pain001-audit.js";
import { useApp } from "./harness.js";

const h = useApp();
type Json = Record<string, unknown>;

async function call(email: string, method: "GET" | "POST", url: string, payload?: object, companyId?: number) {
  return h.app.inject({ method, url, headers: await h.login(email, companyId), ...(payload ? { payload } : {}) });
}

/** A second Globex administrator (Globex's demo has one): who creates a run may not approve it (segregation of duties). */
async function globexApprover(): Promise<number> {
  const db = h.database.db;
  const globex = await h.companyId("Globex Ltd");
  const user = await db.selectFrom("users").select("id").where("email", "=", "approver@acme.test").executeTakeFirstOrThrow();
  const existing = await db.selectFrom("contacts").select("id").where("company_id", "=", globex).where("user_id", "=", user.id).executeTakeFirst();
  if (!existing) {
    await db.insertInto("contacts").values({ company_id: globex, first_name: "Greta", last_name: "Globex", contact_type: "COMPANY", role: "admin", user_id: user.id, email: "approver@acme.test", status: "ACTIVE" }).execute();
  }
  return globex;
}

/** Globex vendors paid by SEPA (valid IBAN and BIC) and their approved EUR invoices. */
async function globexSepaInvoices(vendors: number, perVendor: number) {
  const db = h.database.db;
  const company = await h.companyId("Globex Ltd");
  const tag = `SEPA${process.pid}${Date.now() % 100000}`;
  const vendorRows = await insertRows(db, "vendors", Array.from({ length: vendors }, (_, v) => ({ company_id: company, name: `${tag} Lieferant ${v + 1}`, status: "ACTIVE", currency_code: "EUR" })));
  await insertRows(db, "payment_methods", vendorRows.map((vendor, v) => ({
    company_id: company, owner_type: "Vendor", vendor_id: vendor.id, name: "SEPA", payment_type: "sepa", account_name: `${tag} Lieferant ${v + 1}`,
    iban: composeIban("DE", `37040044${String(532013000 + v).padStart(10, "0")}`), bic: "COBADEFFXXX", currency_code: "EUR", country: "DE", status: "ACTIVE", is_default: true,
  })));
  const invoices = await insertRows(db, "invoices", vendorRows.flatMap((vendor, v) => Array.from({ length: perVendor }, (_, k) => {
    const amount = `${250 + v * 10 + k}.${String(13 * (k + 1) % 100).padStart(2, "0")}`;
    return {
      company_id: company, number: `${tag}-${v}-${k}`, vendor_id: vendor.id, date: "2026-11-01", due_date: "2026-12-01", amount, currency_code: "EUR",
      status: "APPROVED", payments_sum: "0", balance_outstanding: amount, outstanding_balance_pending: amount, debit_entries: JSON.stringify([{ account_number: "6000", amount }]),
    };
  })), ["id", "amount"]);
  return invoices.map((i) => ({ invoice_id: i.id as number, amount: String(i.amount) }));
}

describe("ISO 20022 pain.001", () => {
  it("a Globex SEPA run's file: count and control sum equal the run's, per block too; valid IBANs and BICs, in the schema's order", async () => {
    const items = await globexSepaInvoices(3, 2);
    // the second administrator makes the run, Globex's approver (admin@globex.test) approves it
    const globex = await globexApprover();
    const created = await call("approver@acme.test", "POST", "/api/payment_runs", { payment_date: earliestPaymentDate(), items }, globex);
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json().data as { id: number; number: string; total_amount: string };
    expect((await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/submit`, undefined, globex)).statusCode).toBe(200);
    for (const approval of (await call("admin@globex.test", "GET", `/api/approvals?approvable_type=PaymentRun&approvable_id=${run.id}`)).json().data as Json[]) {
      const approved = await call("admin@globex.test", "POST", `/api/approvals/${String(approval.id)}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const processed = await call("approver@acme.test", "POST", `/api/payment_runs/${run.id}/process`, undefined, globex);
    expect(processed.statusCode, processed.body).toBe(200);

    const file = await call("admin@globex.test", "GET", `/api/payment_runs/${run.id}/sepa.xml`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toContain("application/xml");
    const audited = auditPain001(file.body);
    expect(audited.problems).toEqual([]);
    const payments = await h.database.db.selectFrom("payments").select(["payment_number", "amount", "payment_date"]).where("payment_run_id", "=", run.id).orderBy("id").execute();
    const runSum = payments.reduce((t, p) => t.plus(String(p.amount)), money(0));
    expect(runSum.toFixed(2)).toBe(money(run.total_amount).toFixed(2));
    expect(audited.nbOfTxs).toBe(payments.length);
    expect(payments.length).toBe(3);
    expect(money(audited.ctrlSum).toFixed(2)).toBe(runSum.toFixed(2));
    expect(money(audited.ctrlSum).toFixed(2)).toBe(money(items.reduce((t, i) => t.plus(i.amount), money(0))).toFixed(2));
    expect(audited.blocks).toHaveLength(1);
    expect(audited.blocks[0]).toMatchObject({ serviceLevel: "SEPA", executionDate: String(payments[0].payment_date), nbOfTxs: 3 });
    expect(audited.blocks[0].debtorIban).toMatch(/^DE\d{20}$/);
    expect(audited.blocks[0].transfers.map((t) => [t.endToEndId, t.amount, t.currency])).toEqual(payments.map((p) => [p.payment_number, String(p.amount), "EUR"]));

    // who may not pay gets no file with full account numbers; a run without wires has no wire file (409)
    expect((await call("admin@globex.test", "GET", `/api/payment_runs/${run.id}/wire.xml`)).statusCode).toBe(409);
    expect((await call("admin@acme.test", "GET", `/api/payment_runs/${run.id}/sepa.xml`)).statusCode).toBe(404);
    const viewed = await h.database.db.selectFrom("activities").select("changes").where("item_type", "=", "payment_runs").where("item_id", "=", run.id).where("event", "=", "view").execute();
    expect(viewed.length).toBe(1);
  });
});

describe("checks on stock, the register and positive pay", () => {
  /** Acme's default originating account (routing and account number for the MICR line) and a PROCESSING check payment paying a fresh invoice. */
  async function checkPayment(amount: string) {
    const db = h.database.db;
    const company = await h.companyId("Acme Corp");
    const from = await db.selectFrom("payment_methods").select(["id", "routing", "account_number"]).where("company_id", "=", company).where("owner_type", "=", "Company").where("is_default", "=", true).executeTakeFirstOrThrow();
    const method = await db.selectFrom("payment_methods").select(["id", "vendor_id", "account_name"]).where("company_id", "=", company).where("owner_type", "=", "Vendor").where("payment_type", "=", "check").orderBy("id").executeTakeFirstOrThrow();
    const tag = `CHK${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const invoice = await db.insertInto("invoices").values({
      company_id: company, number: tag, vendor_id: method.vendor_id!, date: "2026-11-01", due_date: "2026-12-01", amount, currency_code: "USD", status: "PAID",
      debit_entries: JSON.stringify([{ account_number: "6000", amount }]), payments_sum: amount, balance_outstanding: "0", outstanding_balance_pending: "0",
    }).returning("id").executeTakeFirstOrThrow();
    const payment = await db.insertInto("payments").values({
      company_id: company, payment_number: `PAY-${tag}`, vendor_id: method.vendor_id!, payment_date: "2026-12-07", amount, balance: "0", currency_code: "USD",
      payment_type: "check", record_type: "DEBIT", status: "PROCESSING", payment_method_id: method.id, payment_method_from_id: from.id,
    }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("invoice_payment_links").values({ company_id: company, invoice_id: invoice.id, payment_id: payment.id, amount }).execute();
    return { paymentId: payment.id as number, invoiceId: invoice.id as number, from: { id: from.id as number, routing: String(from.routing), account: String(from.account_number) } };
  }

  it("check PDFs render to PNG and the MICR line reads back check number, routing and account in order; reprint voids the old number; void voids the payment", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { execFileSync } = await import("node:child_process");
    const a = await checkPayment("1234.56");
    const pdf = await call("ap@acme.test", "GET", `/api/payments/${a.paymentId}/check.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const [first] = (await call("ap@acme.test", "GET", `/api/checks?payment_id=${a.paymentId}`)).json().data as Json[];
    expect(first).toMatchObject({ status: "ISSUED", amount: "1234.56" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-"));
    fs.writeFileSync(path.join(dir, "check.pdf"), pdf.rawPayload);
    execFileSync("pdftoppm", ["-png", "-r", "100", "-f", "1", "-l", "1", path.join(dir, "check.pdf"), path.join(dir, "page")]);
    const png = fs.readdirSync(dir).find((f) => f.endsWith(".png"))!;
    const image = fs.readFileSync(path.join(dir, png));
    expect(image.subarray(1, 4).toString()).toBe("PNG");
    expect(image.readUInt32BE(16)).toBe(850); // 8.5 inches at 100 dpi
    const text = execFileSync("pdftotext", ["-layout", path.join(dir, "check.pdf"), "-"]).toString();
    const micr = text.split("\n").find((line) => /A\d{9}A/.test(line))!;
    expect(micr, text).toBeDefined();
    // GnuMICR: C on-us, A transit; the digits in order: check number, routing, account
    expect(micr.replace(/\s+/g, "")).toBe(`C${String(first.check_number).padStart(6, "0")}CA${a.from.routing}A${a.from.account}C`);
    expect(text).toContain("One thousand two hundred thirty-four and 56/100");
    expect(text).toContain(String(first.check_number));

    const reprinted = await call("ap@acme.test", "POST", `/api/checks/${String(first.id)}/reprint`);
    expect(reprinted.statusCode, reprinted.body).toBe(201);
    const second = reprinted.json().data as Json;
    expect(second.check_number).toBeGreaterThan(first.check_number as number);
    const old = (await call("ap@acme.test", "GET", `/api/checks/${String(first.id)}`)).json().data as Json;
    expect(old).toMatchObject({ status: "VOID", void_reason: `Reprinted as check ${String(second.check_number)}`, replaced_by_id: second.id });
    expect((await call("ap@acme.test", "GET", `/api/checks/${String(first.id)}/check.pdf`)).statusCode).toBe(409);
    const again = await call("ap@acme.test", "GET", `/api/payments/${a.paymentId}/check.pdf`);
    expect(execFileSync("pdftotext", ["-layout", "-", "-"], { input: again.rawPayload }).toString().replace(/\s+/g, "")).toContain(`C${String(second.check_number).padStart(6, "0")}C`);

    const b = await checkPayment("50.00");
    await call("ap@acme.test", "GET", `/api/payments/${b.paymentId}/check.pdf`);
    const [bCheck] = (await call("ap@acme.test", "GET", `/api/checks?payment_id=${b.paymentId}`)).json().data as Json[];
    expect((await call("staff@acme.test", "POST", `/api/checks/${String(bCheck.id)}/void`)).statusCode).toBe(403);
    const voided = await call("ap@acme.test", "POST", `/api/checks/${String(bCheck.id)}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await h.database.db.selectFrom("payments").select("status").where("id", "=", b.paymentId).executeTakeFirstOrThrow()).status).toBe("VOID");
    expect((await h.database.db.selectFrom("invoices").select(["status", "balance_outstanding"]).where("id", "=", b.invoiceId).executeTakeFirstOrThrow())).toEqual({ status: "APPROVED", balance_outstanding: "50.00" });

    // positive pay over today: exactly the register's issues and voids of the account, CSV and ARP
    const today = new Date().toISOString().slice(0, 10);
    const register = await h.database.db.selectFrom("checks").select(["check_number", "status", "amount", "payee_name", "void_date", "issue_date"]).where("payment_method_from_id", "=", a.from.id).orderBy("check_number").execute();
    const range = `payment_method_from_id=${a.from.id}&date_from=2026-12-01&date_to=${today > "2026-12-31" ? today : "2026-12-31"}`;
    const csv = await call("ap@acme.test", "GET", `/api/positive_pay?${range}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Account Number,Check Number,Issue Date,Amount,Payee,Record Type");
    const expected = register.flatMap((c) => [
      `${a.from.account},${c.check_number},${String(c.issue_date)},${money(String(c.amount)).toFixed(2)},${String(c.payee_name)},I`,
      ...(c.status === "VOID" ? [`${a.from.account},${c.check_number},${String(c.issue_date)},${money(String(c.amount)).toFixed(2)},${String(c.payee_name)},V`] : []),
    ]);
    expect(lines.slice(1)).toEqual(expected);
    expect(register.filter((c) => c.status === "VOID")).toHaveLength(2);
    const arp = await call("ap@acme.test", "GET", `/api/positive_pay?${range}&layout=arp`);
    const records = arp.body.split("\n").filter(Boolean);
    expect(records).toHaveLength(expected.length);
    expect(records.every((r) => r.length === 80)).toBe(true);
    expect(records.map((r) => [Number(r.slice(10, 20)), Number(r.slice(20, 30)) / 100, r[36]])).toEqual(
      register.flatMap((c) => [[c.check_number, Number(c.amount), "I"], ...(c.status === "VOID" ? [[c.check_number, Number(c.amount), "V"]] : [])]));
    const bad = await call("ap@acme.test", "GET", "/api/positive_pay?date_from=2026-13-01&date_to=x");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["date_from", "date_to", "payment_method_from_id"]);
    expect((await call("staff@acme.test", "GET", `/api/positive_pay?${range}`)).statusCode).toBe(403);
  });
});
