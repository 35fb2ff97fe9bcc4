/** The demo payment runs agree with their payments, links and reservations, in both companies. */
import { describe, expect, it } from "vitest";
import { money } from "../../src/framework/money.js";
import { scheduledStatuses, settledStatuses } from "../../src/server/domain/payments/payments.js";
import { useApp } from "./harness.js";

const h = useApp();
const companies = ["Acme Corp", "Globex Ltd"];

/** The payment status each run status leaves its (not excluded) payments in. */
const paymentStatusesOf: Record<string, string[]> = {
  NEW: ["PENDING"], SUBMITTED: ["PENDING"], PENDING: ["PENDING"], APPROVED: ["APPROVED"], OPEN: ["PROCESSING", "PROCESSING (REISSUED)"],
  CLOSED: ["CLEARED", "CLEARED (REISSUED)"], REJECTED: ["REJECTED"], VOID: ["VOID"], FAILED: ["FAILED"],
};

describe("demo payment runs", () => {
  it("exist in every status, with items matching their payments' links and totals", async () => {
    for (const name of companies) {
      const company = await h.companyId(name);
      const db = h.database.db;
      const runs = await db.selectFrom("payment_runs").selectAll().where("company_id", "=", company).execute();
      expect(new Set(runs.map((r) => r.status)), name).toEqual(new Set(["NEW", "SUBMITTED", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED", "VOID", "FAILED"]));
      for (const run of runs) {
        const items = await db.selectFrom("payment_run_items").selectAll().where("payment_run_id", "=", run.id as number).execute();
        const payments = await db.selectFrom("payments").select(["id", "status", "amount"]).where("payment_run_id", "=", run.id as number).execute();
        const links = payments.length ? await db.selectFrom("invoice_payment_links").select(["invoice_id", "payment_id", "amount"]).where("payment_id", "in", payments.map((p) => p.id as number)).execute() : [];
        const what = `${name} ${String(run.number)} ${String(run.status)}`;
        expect(items.length, what).toBeGreaterThan(0);
        expect(payments.length, what).toBeGreaterThan(0);
        const total = items.filter((i) => !i.excluded).reduce((t, i) => t.plus(String(i.amount)), money(0));
        expect(total.toFixed(2), what).toBe(String(run.total_amount));
        expect(links.map((l) => `${String(l.invoice_id)}:${String(l.amount)}`).sort(), what).toEqual(items.map((i) => `${String(i.invoice_id)}:${String(i.amount)}`).sort());
        for (const payment of payments) {
          const excluded = items.some((i) => i.excluded && links.some((l) => l.payment_id === payment.id && l.invoice_id === i.invoice_id));
          expect(excluded ? ["VOID"] : paymentStatusesOf[String(run.status)], what).toContain(payment.status);
        }
        const batches = await db.selectFrom("payment_run_batches").select("id").where("payment_run_id", "=", run.id as number).execute();
        expect(items.every((i) => batches.some((b) => b.id === i.payment_run_batch_id)), what).toBe(true);
      }
    }
  });

  it("reservations and settlements agree with the invoices' balances, and payment balances with their links", async () => {
    for (const name of companies) {
      const company = await h.companyId(name);
      const db = h.database.db;
      const invoices = await db.selectFrom("invoices").select(["id", "amount", "payments_sum", "balance_outstanding", "outstanding_balance_pending"]).where("company_id", "=", company).execute();
      const links = await db.selectFrom("invoice_payment_links as l").innerJoin("payments as p", "p.id", "l.payment_id").select(["l.invoice_id", "l.payment_id", "l.amount", "p.status"])
        .where("l.company_id", "=", company).execute();
      const total = (id: number, statuses: readonly string[]) => links.filter((l) => l.invoice_id === id && statuses.includes(String(l.status))).reduce((t, l) => t.plus(String(l.amount)), money(0));
      for (const invoice of invoices) {
        const id = invoice.id as number;
        expect(total(id, settledStatuses).toFixed(2), `${name} invoice ${id}`).toBe(String(invoice.payments_sum));
        expect(money(String(invoice.amount)).minus(String(invoice.payments_sum)).toFixed(2)).toBe(String(invoice.balance_outstanding));
        expect(money(String(invoice.balance_outstanding)).minus(total(id, scheduledStatuses)).toFixed(2), `${name} invoice ${id}`).toBe(String(invoice.outstanding_balance_pending));
      }
      const credits = await db.selectFrom("payments").select(["id", "amount", "balance", "status"]).where("company_id", "=", company).where("record_type", "=", "CREDIT").execute();
      for (const credit of credits) {
        const linked = links.filter((l) => l.payment_id === credit.id).reduce((t, l) => t.plus(String(l.amount)), money(0));
        expect(money(String(credit.amount)).minus(linked).toFixed(2)).toBe(String(credit.balance));
      }
      const available = credits.filter((c) => c.status === "AVAILABLE");
      const partly = available.filter((c) => links.some((l) => l.payment_id === c.id));
      expect(partly.length, `${name}: partly applied credits`).toBeGreaterThan(0);
      expect(available.length - partly.length, `${name}: unapplied credits`).toBeGreaterThan(0);
      expect(available.every((c) => money(String(c.balance)).gt(0))).toBe(true);
    }
  });

  it("approved invoices ready to pay carry their approval entry in the journal", async () => {
    for (const name of companies) {
      const company = await h.companyId(name);
      const ready = await h.database.db.selectFrom("invoices").select(["id", "amount"]).where("company_id", "=", company).where("status", "=", "APPROVED")
        .where("outstanding_balance_pending", ">", "0").execute();
      expect(ready.length, name).toBeGreaterThan(5);
      const lines = await h.database.db.selectFrom("account_transactions").select(["account_transactionable_id", "credit_amount"])
        .where("company_id", "=", company).where("account_transactionable_type", "=", "Invoice").where("account_transactionable_id", "in", ready.map((i) => i.id as number)).execute();
      for (const invoice of ready) {
        const credited = lines.filter((l) => l.account_transactionable_id === invoice.id).reduce((t, l) => t.plus(String(l.credit_amount)), money(0));
        expect(credited.toFixed(2)).toBe(String(invoice.amount));
      }
    }
  });
});
