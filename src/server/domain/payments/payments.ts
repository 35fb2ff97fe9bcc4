/**
 * Payment records (payments, vendor credits): what is linked to invoices, what may be deleted, where
 * an approval stands, and the balance kept by the server (amount − what is linked to invoices).
 */
import { currencyOf, money } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { removeApprovals } from "../approvals/approvals.js";
import type { ResourceHooks } from "../../resources/modules.js";

/** Payments whose links count as paid on the invoice (payments_sum). */
export const settledStatuses = ["PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)", "AVAILABLE", "APPLIED"] as const;
/** Payments created but not yet sent: their links reduce the invoice's outstanding_balance_pending. */
export const scheduledStatuses = ["PENDING", "APPROVED"] as const;
/** A payment record may be deleted only before it moved money and while no invoice is linked to it. */
const deletableStatuses = ["DRAFT", "NEW", "PENDING", "REJECTED", "AVAILABLE"];
/** Before review a credit may move between these (→ PENDING submits it); later statuses come from actions. */
const editableStatuses = ["DRAFT", "NEW"];
const reachableByEdit = ["DRAFT", "NEW", "PENDING"];

/** At most this many invoice numbers are listed on a payment row (data-spec 9). */
export const invoiceNumbersShown = 10;

export const workflowTypeOf = (row: Row) => (row.record_type === "CREDIT" ? "CreditMemo" : "Payment");

async function linksOf(ctx: Ctx, paymentIds: number[]) {
  return ctx.db.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.payment_id", "l.amount", "i.number"])
    .where("l.company_id", "=", ctx.company.id).where("l.payment_id", "in", paymentIds).orderBy("i.number").execute();
}

async function approvalsOf(ctx: Ctx, ids: number[]) {
  return ctx.db.selectFrom("approvals as a").leftJoin("contacts as c", "c.id", "a.contact_id")
    .select(["a.approvable_type", "a.approvable_id", "a.step", "a.aasm_state", "a.created_at", "c.first_name", "c.last_name"])
    .where("a.company_id", "=", ctx.company.id).where("a.approvable_type", "in", ["Payment", "CreditMemo"]).where("a.approvable_id", "in", ids)
    .orderBy("a.step").execute();
}

/** Where the approval of a record stands: REJECTED if any step rejected, PENDING while a step is open, else APPROVED. */
export function approvalStatus(states: readonly string[]): string | null {
  if (states.length === 0) return null;
  if (states.includes("rejected")) return "REJECTED";
  return states.includes("pending") ? "PENDING" : "APPROVED";
}

async function appliedAmount(trx: DB, paymentId: number): Promise<string> {
  const rows = await trx.selectFrom("invoice_payment_links").select("amount").where("payment_id", "=", paymentId).execute();
  return rows.reduce((total, r) => total.plus(String(r.amount)), money(0)).toFixed(2);
}

export const paymentHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id as number);
    const [links, approvals] = [await linksOf(ctx, ids), await approvalsOf(ctx, ids)];
    for (const row of rows) {
      const own = links.filter((l) => l.payment_id === row.id);
      const numbers = own.map((l) => String(l.number));
      const steps = approvals.filter((a) => a.approvable_id === row.id && a.approvable_type === workflowTypeOf(row));
      const next = steps.find((a) => a.aasm_state === "pending");
      row.currency = currencyOf(String(row.currency_code));
      row.invoice_numbers = numbers.slice(0, invoiceNumbersShown).join(", ") + (numbers.length > invoiceNumbersShown ? ", …" : "");
      row.has_linked_invoices_disp = own.length > 0 ? "Yes" : "No";
      row.is_payment_allow_to_delete = deletableStatuses.includes(String(row.status)) && own.length === 0;
      row.approval_status = approvalStatus(steps.map((a) => String(a.aasm_state)));
      row.next_actionable_approver = next ? { name: `${String(next.first_name ?? "")} ${String(next.last_name ?? "")}`.trim(), sent_at: next.created_at } : null;
    }
  },

  async beforeUpdate(data, existing, _ctx, trx) {
    if (data.status !== undefined && data.status !== existing.status
      && !(editableStatuses.includes(String(existing.status)) && reachableByEdit.includes(String(data.status)))) {
      throw unprocessable({ status: ["changes through the credit's actions (approve, apply, void), not by editing"] });
    }
    if (data.amount !== undefined) {
      if (money(String(data.amount)).lte(0)) throw unprocessable({ amount: ["must be greater than 0"] });
      const applied = await appliedAmount(trx, existing.id as number);
      const balance = money(String(data.amount)).minus(applied);
      if (balance.lt(0)) throw unprocessable({ amount: [`cannot be less than what has been applied to invoices (${applied})`] });
      data.balance = balance.toFixed(2);
    }
  },

  async afterWrite(row, ctx, trx) {
    const gone = !(await trx.selectFrom("payments").select("id").where("id", "=", row.id as number).executeTakeFirst());
    if (gone) await removeApprovals(trx, ctx, workflowTypeOf(row), row.id as number);
  },
};

/** Hooks of file and run records that only show their currency. */
export const currencyHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.currency = currencyOf(String(row.currency_code));
  },
};

export const nachaPaymentHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.currency = currencyOf(String(row.currency_code));
      // a file already downloaded may have reached the bank: only a NEW one may go
      row.is_allow_to_delete = row.status === "NEW";
    }
  },
};
