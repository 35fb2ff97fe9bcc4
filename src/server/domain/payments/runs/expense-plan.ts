/**
 * The EXPENSE rows of a payment run: approved (OPEN) reimbursable expense reports paid in full to
 * their employee, by the employee's payment method (owner_type Contact: its ACTIVE default, else its
 * only ACTIVE one) from one of the company's originating accounts. A report is held by a run while a
 * row of it is live (NEW, APPROVED, PROCESSING); the reports are locked in id order first, so a second
 * run asking for the same report waits, then finds it held (422).
 */
import type { DB } from "../../../db/connect.js";
import type { FieldErrors } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { contactName } from "../../identity/people.js";
import { anyId } from "./ids.js";
import { defaultMethod } from "./payable.js";
import { addError, type RequestedExpense } from "./request.js";

/** One expense report reimbursed by a run. */
export interface PlannedExpense {
  index: number;
  expense_report_id: number;
  number: string;
  employee_contact_id: number;
  amount: string;
  currency_code: string;
  payment_method_id: number;
  payment_method_from_id: number;
}

/** Run rows that hold their expense report (a VOID or FAILED row gives it back). */
export const liveExpenseRowStatuses = ["NEW", "APPROVED", "PROCESSING"];

async function loadReports(db: DB, ctx: Ctx, ids: number[], lock: boolean): Promise<Map<number, Row>> {
  let query = db.selectFrom("expense_reports as r").innerJoin("contacts as c", "c.id", "r.employee_contact_id")
    .select(["r.id", "r.number", "r.status", "r.reimbursable", "r.amount", "r.currency_code", "r.employee_contact_id", "c.first_name", "c.last_name"])
    .where("r.company_id", "=", ctx.company.id).where(anyId("r.id", ids)).orderBy("r.id");
  if (lock) query = query.forNoKeyUpdate("r");
  return new Map((await query.execute()).map((r) => [r.id, r as Row]));
}

/** The run numbers holding each report. */
async function heldBy(db: DB, ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom("payment_run_items as i").innerJoin("payment_runs as r", "r.id", "i.payment_run_id")
    .select(["i.expense_report_id", "r.number"]).where("i.company_id", "=", ctx.company.id).where(anyId("i.expense_report_id", ids))
    .where("i.excluded", "=", false).where("i.status", "in", liveExpenseRowStatuses).execute();
  return new Map(rows.map((r) => [r.expense_report_id as number, String(r.number)]));
}

async function employeeMethods(db: DB, ctx: Ctx, contactIds: number[], methodIds: number[]): Promise<Row[]> {
  if (contactIds.length === 0) return [];
  return (await db.selectFrom("payment_methods").select(["id", "owner_type", "contact_id", "name", "payment_type", "currency_code", "status", "is_default"])
    .where("company_id", "=", ctx.company.id)
    .where((eb) => eb.or([eb.and([eb("owner_type", "=", "Contact"), anyId("contact_id", contactIds)]), ...(methodIds.length ? [anyId("id", methodIds)] : [])]))
    .execute()) as Row[];
}

/** Each requested report checked (errors name the row, `items.N.field`), with its employee's method. */
export async function planExpenses(db: DB, ctx: Ctx, requested: readonly RequestedExpense[], errors: FieldErrors, lock: boolean,
  originating: (id: number | null) => Row | undefined): Promise<{ expense: PlannedExpense; payee: string; paymentType: string; fromName: string | null }[]> {
  if (requested.length === 0) return [];
  const ids = requested.map((r) => r.expense_report_id);
  const reports = await loadReports(db, ctx, ids, lock);
  const held = await heldBy(db, ctx, ids);
  const employees = [...new Set([...reports.values()].map((r) => r.employee_contact_id as number))];
  const methods = await employeeMethods(db, ctx, employees, requested.map((r) => r.payment_method_id).filter((id): id is number => id !== null));
  const planned = [];
  for (const item of requested) {
    const at = (field: string) => `items.${item.index}.${field}`;
    const report = reports.get(item.expense_report_id);
    if (!report) {
      addError(errors, at("expense_report_id"), "is not an expense report of this company");
      continue;
    }
    const number = String(report.number);
    if (report.status !== "OPEN" || report.reimbursable !== true) {
      addError(errors, at("expense_report_id"), `expense report ${number} is not awaiting reimbursement (${report.reimbursable === true ? String(report.status) : "not reimbursable"})`);
      continue;
    }
    if (held.has(item.expense_report_id)) {
      addError(errors, at("expense_report_id"), `expense report ${number} is already in payment run ${held.get(item.expense_report_id)!}`);
      continue;
    }
    const employeeId = report.employee_contact_id as number;
    const own = methods.filter((m) => m.owner_type === "Contact" && m.contact_id === employeeId);
    const method = item.payment_method_id === null ? defaultMethod(own.filter((m) => m.status === "ACTIVE")) : methods.find((m) => m.id === item.payment_method_id);
    const employee = contactName({ first_name: report.first_name, last_name: report.last_name }) ?? `contact ${employeeId}`;
    if (!method) addError(errors, at("payment_method_id"), item.payment_method_id === null ? `${employee} has no active default payment method (nor a single active one)` : "is not a payment method of this company");
    else if (method.owner_type !== "Contact" || method.contact_id !== employeeId) addError(errors, at("payment_method_id"), "is not a payment method of the report's employee");
    else if (method.status !== "ACTIVE") addError(errors, at("payment_method_id"), "is not active");
    const from = originating(item.payment_method_from_id);
    if (!from) {
      addError(errors, at("payment_method_from_id"), item.payment_method_from_id === null ? "the company has no active default originating account (nor a single active one)" : "is not an originating account of this company");
    } else if (from.owner_type !== "Company" || from.status !== "ACTIVE") {
      addError(errors, at("payment_method_from_id"), "is not an active originating account of the company");
    } else if (from.currency_code !== report.currency_code) {
      addError(errors, at("payment_method_from_id"), `pays in ${String(from.currency_code)}; the report is in ${String(report.currency_code)}`);
    }
    if (!method || !from || errors[at("payment_method_id")] || errors[at("payment_method_from_id")]) continue;
    planned.push({
      expense: {
        index: item.index, expense_report_id: item.expense_report_id, number, employee_contact_id: employeeId, amount: String(report.amount),
        currency_code: String(report.currency_code), payment_method_id: method.id as number, payment_method_from_id: from.id as number,
      },
      payee: employee, paymentType: String(method.payment_type), fromName: (from.name as string | null) ?? null,
    });
  }
  return planned;
}
