/**
 * Positive pay (issue 31): the file a bank matches presented checks against, per originating
 * account, listing the checks issued (issue_date) and voided (void_date) in a date range — one
 * record per event, so a check issued and voided in the range appears twice — read from the check
 * register (checks). Layouts (positive_pay_settings, one per account; CSV by default):
 * - CSV with the chosen columns, in order, and an optional header row (papaparse via toCsv);
 * - ARP, fixed width, 80 characters a record: 1-10 account number (digits, zero-filled right-justified),
 *   11-20 check number (zero-filled), 21-30 amount in cents (zero-filled), 31-36 date MMDDYY (issue
 *   date, or void date for a void), 37 record type (issue or void code, first character), 38-77 payee
 *   name (upper case ASCII, space-filled), 78-80 blank.
 * GET /api/positive_pay?payment_method_from_id&date_from&date_to[&layout] (http/positive-pay.ts).
 */
import { sql } from "kysely";
import { toCsv } from "../../../../framework/csv.js";
import { money } from "../../../../framework/money.js";
import { notFound, unprocessable, type FieldErrors } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";

export interface PositivePayRecord {
  kind: "issue" | "void";
  account_number: string;
  routing: string;
  check_number: number;
  issue_date: string;
  void_date: string | null;
  amount: string;
  payee_name: string;
}

export interface PositivePayLayout {
  layout: "csv" | "arp";
  columns: readonly string[];
  include_header: boolean;
  issue_code: string;
  void_code: string;
}

export const defaultLayout: PositivePayLayout = { layout: "csv", columns: ["account_number", "check_number", "issue_date", "amount", "payee_name", "record_type"], include_header: true, issue_code: "I", void_code: "V" };

const headers: Record<string, string> = {
  account_number: "Account Number", routing: "Routing Number", check_number: "Check Number", issue_date: "Issue Date", amount: "Amount",
  payee_name: "Payee", record_type: "Record Type", void_date: "Void Date",
};

function csvValue(record: PositivePayRecord, column: string, layout: PositivePayLayout): string {
  switch (column) {
    case "record_type": return record.kind === "issue" ? layout.issue_code : layout.void_code;
    case "check_number": return String(record.check_number);
    case "amount": return money(record.amount).toFixed(2);
    case "void_date": return record.void_date ?? "";
    default: return String(record[column as keyof PositivePayRecord] ?? "");
  }
}

const mmddyy = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(2, 4)}`;
const zeros = (value: string, width: number) => {
  if (value.length > width) throw unprocessable({ base: [`${value} does not fit the ARP layout's ${width} positions`] });
  return value.padStart(width, "0");
};
const ascii = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, " ").toUpperCase();

/** The file's text (pure). */
export function writePositivePay(records: readonly PositivePayRecord[], layout: PositivePayLayout): string {
  if (layout.layout === "arp") {
    return records.map((r) => [
      zeros(r.account_number.replace(/\D/g, ""), 10), zeros(String(r.check_number), 10), zeros(money(r.amount).times(100).toFixed(0), 10),
      mmddyy(r.kind === "void" ? r.void_date! : r.issue_date), (r.kind === "issue" ? layout.issue_code : layout.void_code).slice(0, 1),
      ascii(r.payee_name).slice(0, 40).padEnd(40, " "), "   ",
    ].join("")).join("\n") + (records.length ? "\n" : "");
  }
  const rows = records.map((r) => layout.columns.map((c) => csvValue(r, c, layout)));
  const csv = toCsv(layout.columns.map((c) => headers[c] ?? c), rows);
  return layout.include_header ? csv : csv.split(/\r?\n/).slice(1).join("\n");
}

const isDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The request's query checked (422 per field). */
export function positivePayQuery(query: Row): { fromId: number; dateFrom: string; dateTo: string; layout?: "csv" | "arp" } {
  const errors: FieldErrors = {};
  const fromId = Number(query.payment_method_from_id);
  if (!Number.isInteger(fromId) || fromId <= 0) errors.payment_method_from_id = ["must name the originating account (its id)"];
  if (!isDate(query.date_from)) errors.date_from = ["must be a date (YYYY-MM-DD)"];
  if (!isDate(query.date_to)) errors.date_to = ["must be a date (YYYY-MM-DD)"];
  else if (isDate(query.date_from) && query.date_to < query.date_from) errors.date_to = ["must not be before date_from"];
  if (query.layout !== undefined && query.layout !== "csv" && query.layout !== "arp") errors.layout = ["must be csv or arp"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { fromId, dateFrom: String(query.date_from), dateTo: String(query.date_to), layout: query.layout as "csv" | "arp" | undefined };
}

/** The account's file for the range, in its layout (or `layoutOverride`). */
export async function positivePayFile(ctx: Ctx, fromId: number, dateFrom: string, dateTo: string, layoutOverride?: "csv" | "arp"): Promise<{ fileName: string; content: string; records: PositivePayRecord[]; setting: Row | undefined }> {
  const from = await ctx.db.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", fromId).where("owner_type", "=", "Company").executeTakeFirst();
  if (!from) throw notFound();
  const setting = (await ctx.db.selectFrom("positive_pay_settings").selectAll().where("company_id", "=", ctx.company.id).where("payment_method_from_id", "=", fromId).executeTakeFirst()) as Row | undefined;
  const layout: PositivePayLayout = setting
    ? { layout: setting.layout as "csv" | "arp", columns: setting.columns as string[], include_header: setting.include_header as boolean, issue_code: String(setting.issue_code), void_code: String(setting.void_code) }
    : defaultLayout;
  if (layoutOverride) layout.layout = layoutOverride;
  const checks = await ctx.db.selectFrom("checks").select(["check_number", sql<string>`issue_date::text`.as("issue_date"), sql<string | null>`void_date::text`.as("void_date"), sql<string>`amount::text`.as("amount"), "payee_name", "status"])
    .where("company_id", "=", ctx.company.id).where("payment_method_from_id", "=", fromId)
    .where((eb) => eb.or([eb.between("issue_date", dateFrom, dateTo), eb.and([eb("status", "=", "VOID"), eb.between("void_date", dateFrom, dateTo)])]))
    .orderBy("check_number").execute();
  const base = { account_number: String(from.account_number ?? ""), routing: String(from.routing ?? "") };
  const records: PositivePayRecord[] = [];
  for (const c of checks) {
    const common = { ...base, check_number: Number(c.check_number), issue_date: String(c.issue_date), void_date: c.void_date, amount: String(c.amount), payee_name: String(c.payee_name) };
    if (c.issue_date >= dateFrom && c.issue_date <= dateTo) records.push({ kind: "issue", ...common });
    if (c.status === "VOID" && c.void_date && c.void_date >= dateFrom && c.void_date <= dateTo) records.push({ kind: "void", ...common });
  }
  const name = String(from.name ?? from.id).replace(/[^\w.-]+/g, "_");
  return { fileName: `positive-pay-${name}-${dateFrom}-${dateTo}.${layout.layout === "arp" ? "txt" : "csv"}`, content: writePositivePay(records, layout), records, setting };
}
