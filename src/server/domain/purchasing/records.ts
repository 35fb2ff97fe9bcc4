/** Small helpers shared by the purchasing, receiving and accrual rules. */
import { money } from "../../../framework/money.js";
import { type DB, untyped } from "../../db/connect.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { issueNumbers } from "../ledger/numbers.js";

/** The company's next number PREFIX-00001… of `table.number` (numbers.ts: a counter row under lock). */
export async function nextNumber(trx: DB, table: string, companyId: number, prefix: string): Promise<string> {
  const [number] = await issueNumbers(trx, table, "number", companyId, prefix, 1);
  return number;
}

/** Each [start, end] pair of date fields must not end before it starts. */
export function checkDateOrder(data: Row, pairs: readonly (readonly [string, string])[], errors: FieldErrors = {}): FieldErrors {
  for (const [start, end] of pairs) {
    if (data[start] && data[end] && String(data[end]) < String(data[start])) errors[end] = [`must be on or after the ${start.replace(/_/g, " ")}`];
  }
  return errors;
}

export function failIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** A positive quantity or amount, else a 422 on `field`. */
export function requirePositive(value: unknown, field: string): void {
  if (value === undefined || value === null || money(String(value)).lte(0)) throw unprocessable({ [field]: ["must be greater than 0"] });
}

/** One row of a company table (the reference check already proved it exists), optionally locked. */
export async function rowOf(trx: DB, ctx: Ctx, table: string, id: unknown, forUpdate = false): Promise<Row> {
  let qb = untyped(trx).selectFrom(table).selectAll().where("company_id", "=", ctx.company.id).where("id", "=", Number(id));
  if (forUpdate) qb = qb.forUpdate();
  return (await qb.executeTakeFirstOrThrow());
}

/** A decimal as people write it: 5 rather than 5.00000000. */
export const plain = (value: unknown) => money(String(value ?? "0")).toString();
