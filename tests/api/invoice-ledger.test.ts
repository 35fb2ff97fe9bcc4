/** The ledger entry of an invoice's approval: posted once, balanced, reversed and reposted when the coding changed. */
import { describe, expect, it } from "vitest";
import { money } from "../../src/framework/money.js";
import { useApp } from "./harness.js";

const h = useApp();

const post = async (email: string, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: await h.login(email), ...(payload ? { payload } : {}) });

async function acme() {
  const company = await h.companyId("Acme Corp");
  const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
  const accounts = await h.database.db.selectFrom("accounts").select(["id", "number"]).where("company_id", "=", company).execute();
  return { company, vendor: vendor.id as number, account: (n: string) => accounts.find((a) => a.number === n)!.id as number };
}

async function submitted(amount: string, coding: { account_number: string; amount: string }[]) {
  const { vendor } = await acme();
  const created = await post("ap@acme.test", "/api/invoices", {
    number: `LG-${Math.random().toString(36).slice(2, 10)}`, vendor_id: vendor, date: "2026-11-02", due_date: "2026-12-02", amount, currency_code: "USD", debit_entries: coding,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
  return id;
}

async function approveAll(id: number) {
  for (;;) {
    const pending = await h.database.db.selectFrom("approvals").select(["id", "contact_id"]).where("approvable_type", "=", "Invoice").where("approvable_id", "=", id)
      .where("aasm_state", "=", "pending").orderBy("step").executeTakeFirst();
    if (!pending) return;
    const contact = await h.database.db.selectFrom("contacts").select("email").where("id", "=", pending.contact_id as number).executeTakeFirstOrThrow();
    expect((await post(String(contact.email), `/api/approvals/${pending.id}/approve`)).statusCode).toBe(200);
  }
}

const linesOf = (id: number) => h.database.db.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount", "date"])
  .where("account_transactionable_type", "=", "Invoice").where("account_transactionable_id", "=", id).orderBy("id").execute();

function net(lines: { account_id: unknown; debit_amount: unknown; credit_amount: unknown }[]) {
  const byAccount = new Map<number, string>();
  for (const l of lines) byAccount.set(l.account_id as number, money(byAccount.get(l.account_id as number) ?? "0").plus(String(l.debit_amount)).minus(String(l.credit_amount)).toFixed(2));
  return Object.fromEntries([...byAccount].filter(([, v]) => v !== "0.00"));
}

function balanced(lines: { entry_number: unknown; debit_amount: unknown; credit_amount: unknown }[]) {
  for (const entry of new Set(lines.map((l) => l.entry_number))) {
    const own = lines.filter((l) => l.entry_number === entry);
    expect(own.reduce((t, l) => t.plus(String(l.debit_amount)), money(0)).toFixed(2), String(entry)).toBe(own.reduce((t, l) => t.plus(String(l.credit_amount)), money(0)).toFixed(2));
  }
}

describe("invoice approval posts to the ledger", () => {
  it("the approver's final approval posts the GL coding against AP, balanced; nothing before", async () => {
    const { account, company } = await acme();
    const id = await submitted("5000.00", [{ account_number: "6000", amount: "3000.00" }, { account_number: "6100", amount: "2000.00" }]);
    expect(await linesOf(id)).toEqual([]);
    await approveAll(id);
    const lines = await linesOf(id);
    expect(lines).toHaveLength(3);
    balanced(lines);
    expect(net(lines)).toEqual({ [account("6000")]: "3000.00", [account("6100")]: "2000.00", [account("2000")]: "-5000.00" });
    expect(lines[0]).toMatchObject({ entry_number: `JE-${company}-INV${id}-1`, date: "2026-11-02" });
  });

  it("auto-approval posts too", async () => {
    const { account } = await acme();
    const id = await submitted("250.00", [{ account_number: "6300", amount: "250.00" }]);
    const status = await h.database.db.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(status.status).toBe("APPROVED");
    expect(net(await linesOf(id))).toEqual({ [account("6300")]: "250.00", [account("2000")]: "-250.00" });
  });

  it("a re-approval after a restart posts nothing more; a changed coding is reversed and reposted", async () => {
    const { account } = await acme();
    const id = await submitted("400.00", [{ account_number: "6000", amount: "400.00" }]);
    expect(await linesOf(id)).toHaveLength(2);
    // the chain restarts (e.g. the invoice was sent back): same coding → no second posting
    await h.database.db.updateTable("invoices").set({ status: "NEW" }).where("id", "=", id).execute();
    expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    expect(await linesOf(id)).toHaveLength(2);
    // coding changed before the re-approval: reversal + new entry, netting to the new coding only
    await h.database.db.updateTable("invoices").set({ status: "NEW", debit_entries: JSON.stringify([{ account_number: "6200", amount: "400.00" }]) }).where("id", "=", id).execute();
    expect((await post("ap@acme.test", `/api/invoices/${id}/submit`)).statusCode).toBe(200);
    const lines = await linesOf(id);
    expect(new Set(lines.map((l) => l.entry_number)).size).toBe(3);
    balanced(lines);
    expect(net(lines)).toEqual({ [account("6200")]: "400.00", [account("2000")]: "-400.00" });
  });
});
