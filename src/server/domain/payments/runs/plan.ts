/**
 * A payment run's plan: the requested rows checked against the invoices, the vendors' payment
 * methods and the company's originating accounts, then grouped into payments — one per vendor +
 * payment method + originating account + currency; expense reports (EXPENSE rows, expense-plan.ts)
 * likewise per employee. The preview shows it; the create writes it.
 */
import { money, sum } from "../../../../framework/money.js";
import { expandStatuses } from "../../../resources/grammar.js";
import invoices from "../../../../../resources/invoices.js";
import type { DB } from "../../../db/connect.js";
import type { FieldErrors } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { planCredits, type CreditTarget } from "./credits.js";
import { anyId } from "./ids.js";
import { defaultMethod, vendorDefaults } from "./payable.js";
import { addError, type RunRequest } from "./request.js";
import { planExpenses, type PlannedExpense } from "./expense-plan.js";

const payable = expandStatuses(invoices, ["PAYABLE"]);

export interface PlannedItem extends CreditTarget {
  index: number;
  number: string;
  payment_method_id: number;
  payment_method_from_id: number;
}

/** One payment: to a vendor (its invoices) or to an employee (expense reports; vendor_type EMPLOYEE, a PPD entry). */
export interface PlannedPayment {
  vendor_id: number | null;
  employee_contact_id: number | null;
  /** the payee's name: the vendor's or the employee's */
  vendor_name: string;
  vendor_type: string;
  payment_method_id: number;
  payment_type: string;
  payment_method_from_id: number;
  payment_method_from_name: string | null;
  currency_code: string;
  amount: string;
  credit_amount: string;
  items: PlannedItem[];
  expenses: PlannedExpense[];
}

export interface Plan {
  payment_date: string;
  description: string | null;
  payments: PlannedPayment[];
  totals: { currency_code: string; amount: string }[];
}


/**
 * The requested invoices, locked in id order when reserving (so two runs queue instead of deadlocking).
 * FOR NO KEY UPDATE — the lock an UPDATE itself takes, exclusive against another run's — rather than
 * FOR UPDATE: the links and rows inserted next check their foreign keys with FOR KEY SHARE, which on
 * PostgreSQL costs ~1 ms a row against a FOR UPDATE lock of the same transaction (10 s for 10,000).
 */
async function loadInvoices(db: DB, ctx: Ctx, ids: number[], lock: boolean): Promise<Map<number, Row>> {
  let query = db.selectFrom("invoices as i").innerJoin("vendors as v", "v.id", "i.vendor_id")
    .select(["i.id", "i.number", "i.vendor_id", "i.status", "i.currency_code", "i.outstanding_balance_pending", "i.is_on_hold", "i.has_open_exceptions", "i.suspected_duplicate", "v.name as vendor_name", "v.vendor_type"])
    .where("i.company_id", "=", ctx.company.id).where(anyId("i.id", ids)).orderBy("i.id");
  if (lock) query = query.forNoKeyUpdate("i");
  return new Map((await query.execute()).map((r) => [r.id, r as Row]));
}

async function loadMethods(db: DB, ctx: Ctx, vendorIds: number[], methodIds: number[]): Promise<Row[]> {
  return (await db.selectFrom("payment_methods").select(["id", "owner_type", "vendor_id", "name", "payment_type", "currency_code", "status", "is_default"])
    .where("company_id", "=", ctx.company.id)
    .where((eb) => eb.or([eb.and([eb("owner_type", "=", "Vendor"), anyId("vendor_id", vendorIds)]), anyId("id", methodIds), eb("owner_type", "=", "Company")]))
    .execute());
}

/** Check each requested row and group the valid ones into payments. Errors name the row (`items.N.field`). */
export async function planRun(db: DB, ctx: Ctx, request: RunRequest, errors: FieldErrors, lock: boolean): Promise<Plan> {
  const found = await loadInvoices(db, ctx, request.items.map((i) => i.invoice_id), lock);
  const vendorIds = [...new Set([...found.values()].map((i) => i.vendor_id as number))];
  const methodIds = [...request.items, ...request.expenses].flatMap((i) => [i.payment_method_id, i.payment_method_from_id]).filter((id): id is number => id !== null);
  const methods = await loadMethods(db, ctx, vendorIds, methodIds);
  const byId = new Map(methods.map((m) => [m.id as number, m]));
  const active = methods.filter((m) => m.status === "ACTIVE");
  const vendorDefault = vendorDefaults(active.filter((m) => m.owner_type === "Vendor"), vendorIds);
  const companyDefault = defaultMethod(active.filter((m) => m.owner_type === "Company"));

  const groups = new Map<string, PlannedPayment>();
  for (const item of request.items) {
    const at = (field: string) => `items.${item.index}.${field}`;
    const invoice = found.get(item.invoice_id);
    if (!invoice) {
      addError(errors, at("invoice_id"), "is not an invoice of this company");
      continue;
    }
    const pending = String(invoice.outstanding_balance_pending);
    if (!payable.includes(String(invoice.status)) || invoice.is_on_hold === true || invoice.has_open_exceptions === true || invoice.suspected_duplicate === true) {
      const why = invoice.is_on_hold === true ? "on hold" : invoice.has_open_exceptions === true ? "open matching exceptions"
        : invoice.suspected_duplicate === true ? "a suspected duplicate not overridden" : String(invoice.status);
      addError(errors, at("invoice_id"), `invoice ${String(invoice.number)} is not payable (${why})`);
      continue;
    }
    if (money(item.amount).gt(pending)) {
      addError(errors, at("amount"), `must not exceed the invoice's pending balance of ${money(pending).toFixed(2)}`);
    }
    const method = item.payment_method_id === null ? vendorDefault.get(invoice.vendor_id as number)?.method : byId.get(item.payment_method_id);
    if (!method) {
      addError(errors, at("payment_method_id"), item.payment_method_id === null ? "the vendor has no active default payment method (nor a single active one)" : "is not a payment method of this company");
    } else if (method.owner_type !== "Vendor" || method.vendor_id !== invoice.vendor_id) {
      addError(errors, at("payment_method_id"), "is not a payment method of the invoice's vendor");
    } else if (method.status !== "ACTIVE") {
      addError(errors, at("payment_method_id"), "is not active");
    }
    const from = item.payment_method_from_id === null ? companyDefault : byId.get(item.payment_method_from_id);
    if (!from) {
      addError(errors, at("payment_method_from_id"), item.payment_method_from_id === null ? "the company has no active default originating account (nor a single active one)" : "is not an originating account of this company");
    } else if (from.owner_type !== "Company" || from.status !== "ACTIVE") {
      addError(errors, at("payment_method_from_id"), "is not an active originating account of the company");
    } else if (from.currency_code !== invoice.currency_code) {
      addError(errors, at("payment_method_from_id"), `pays in ${String(from.currency_code)}; the invoice is in ${String(invoice.currency_code)}`);
    }
    if (!method || !from || errors[at("amount")] || errors[at("payment_method_id")] || errors[at("payment_method_from_id")]) continue;

    const key = [invoice.vendor_id, method.id, from.id, invoice.currency_code].join("|");
    const payment = groups.get(key) ?? {
      vendor_id: invoice.vendor_id as number, employee_contact_id: null, vendor_name: String(invoice.vendor_name), vendor_type: String(invoice.vendor_type),
      payment_method_id: method.id as number, payment_type: String(method.payment_type), payment_method_from_id: from.id as number,
      payment_method_from_name: (from.name as string | null) ?? null, currency_code: String(invoice.currency_code), amount: "0.00", credit_amount: "0.00", items: [], expenses: [],
    };
    payment.items.push({
      index: item.index, invoice_id: item.invoice_id, number: String(invoice.number), vendor_id: invoice.vendor_id as number, amount: item.amount,
      currency_code: String(invoice.currency_code), payment_method_id: method.id as number, payment_method_from_id: from.id as number,
      pending, credits: [], credit_amount: "0.00",
    });
    groups.set(key, payment);
  }
  const originating = (id: number | null) => (id === null ? companyDefault : byId.get(id));
  for (const { expense, payee, paymentType, fromName } of await planExpenses(db, ctx, request.expenses, errors, lock, originating)) {
    const key = ["employee", expense.employee_contact_id, expense.payment_method_id, expense.payment_method_from_id, expense.currency_code].join("|");
    const payment = groups.get(key) ?? {
      vendor_id: null, employee_contact_id: expense.employee_contact_id, vendor_name: payee, vendor_type: "EMPLOYEE", payment_method_id: expense.payment_method_id,
      payment_type: paymentType, payment_method_from_id: expense.payment_method_from_id, payment_method_from_name: fromName, currency_code: expense.currency_code,
      amount: "0.00", credit_amount: "0.00", items: [], expenses: [],
    };
    payment.expenses.push(expense);
    groups.set(key, payment);
  }
  const payments = [...groups.values()];
  await planCredits(db, ctx, request.credits, new Map(payments.flatMap((p) => p.items.map((i) => [i.invoice_id, i]))), errors, lock);
  for (const payment of payments) {
    payment.amount = sum([...payment.items, ...payment.expenses].map((i) => i.amount));
    payment.credit_amount = sum(payment.items.map((i) => i.credit_amount));
  }
  const currencies = [...new Set(payments.map((p) => p.currency_code))].sort();
  const totals = currencies.map((code) => ({ currency_code: code, amount: sum(payments.filter((p) => p.currency_code === code).map((p) => p.amount)) }));
  return { payment_date: request.payment_date, description: request.description, payments, totals };
}

/** The preview's answer (contract shape): payments with their invoices; nothing is written. */
export function previewOf(plan: Plan): Row {
  return {
    payment_date: plan.payment_date,
    payments: plan.payments.map((p) => ({
      vendor_id: p.vendor_id, employee_contact_id: p.employee_contact_id, vendor_name: p.vendor_name, payment_method_id: p.payment_method_id, payment_type: p.payment_type,
      payment_method_from_id: p.payment_method_from_id, payment_method_from_name: p.payment_method_from_name, currency_code: p.currency_code,
      amount: p.amount, credit_amount: p.credit_amount, invoices: p.items.map((i) => ({ invoice_id: i.invoice_id, number: i.number, amount: i.amount })),
      expense_reports: p.expenses.map((e) => ({ expense_report_id: e.expense_report_id, number: e.number, amount: e.amount })),
      credits: p.items.flatMap((i) => i.credits.map((c) => ({ credit_id: c.credit_id, invoice_id: i.invoice_id, payment_number: c.payment_number, amount: c.amount }))),
    })),
    totals: plan.totals,
  };
}
