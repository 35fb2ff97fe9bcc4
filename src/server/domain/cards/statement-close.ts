/**
 * Closing a card program's statement (docs/cards.md): the program's cleared transactions posted up to
 * the close date and not on a statement yet are summed into one statement, whose opening balance is
 * what the program's previous statement left unpaid (that statement is then CLOSED: carried forward).
 * Closing the same program on the same date again answers the statement already closed.
 */
import dayjs from "dayjs";
import Decimal from "decimal.js";
import { sql } from "kysely";
import { money, round } from "../../../framework/money.js";
import { untyped } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";

/** Days from the close to the payment due date. */
export const statementDueDays = 25;

/** 2 % of the balance, at least 25, never more than the balance. */
export function minimumPayment(balance: string): string {
  const owed = money(balance);
  if (owed.lte(0)) return "0.00";
  return round(Decimal.min(owed, Decimal.max(25, owed.times("0.02"))));
}

/** The statement's account number: the last four digits of the program's account id. */
const accountNumber = (program: Row): string => String(program.account_id ?? "").replace(/\D/g, "").slice(-4).padStart(4, "0");

/** Close the (locked) program's statement on `closeDate`; returns the statement's id. */
export async function closeStatement(ctx: Ctx, program: Row, closeDate: string): Promise<number> {
  const trx = ctx.db;
  const companyId = ctx.company.id;
  const programId = program.id as number;
  const statements = () => untyped(trx).selectFrom("statements").where("company_id", "=", companyId).where("card_program_id", "=", programId);
  const same = await statements().select("id").where("close_date", "=", closeDate).executeTakeFirst();
  if (same) return same.id as number;
  if (await statements().select("id").where("close_date", ">", closeDate).executeTakeFirst()) {
    throw unprocessable({ close_date: ["is before the close date of a statement already closed for this program"] });
  }
  const previous = await statements().select(["id", "close_date", "current_balance", "status"]).orderBy("close_date", "desc").executeTakeFirst();
  const onCards = (t: string) => sql<boolean>`${sql.ref(t)} in (select id from virtual_cards where company_id = ${companyId} and card_program_id = ${programId})`;
  const open = () => untyped(trx).selectFrom("card_transactions").where("company_id", "=", companyId).where("transaction_status", "=", "CLEARED")
    .where("statement_id", "is", null).where("posted_date", "<=", closeDate).where("currency_code", "=", ctx.company.currency_code).where(onCards("virtual_card_id"));
  const totals = await open().select([sql<string>`coalesce(sum(posted_amount), 0)::text`.as("total"), sql<string | null>`min(posted_date)::text`.as("first")]).executeTakeFirstOrThrow();
  const limits = await untyped(trx).selectFrom("virtual_cards").select(sql<string>`coalesce(sum(amount), 0)::text`.as("limit"))
    .where("company_id", "=", companyId).where("card_program_id", "=", programId).where("status", "in", ["ACTIVE", "TEMPORARY BLOCK"]).executeTakeFirstOrThrow();
  const previousBalance = previous ? round(String(previous.current_balance)) : "0.00";
  const current = round(money(previousBalance).plus(totals.total));
  const begin = previous ? dayjs(String(previous.close_date)).add(1, "day").format("YYYY-MM-DD") : (totals.first ?? closeDate);
  const created = await untyped(trx).insertInto("statements").values({
    company_id: companyId, external_id: `SIM-${programId}-${closeDate}`, card_program_id: programId, account_number: accountNumber(program),
    begin_date: begin < closeDate ? begin : closeDate, close_date: closeDate, previous_balance: previousBalance, transaction_amount: round(totals.total),
    credit_amount: "0.00", payment_amount: "0.00", current_balance: current, minimum_payment: minimumPayment(current),
    available_credit: round(Decimal.max(0, money(limits.limit).minus(current))),
    due_date: dayjs(closeDate).add(statementDueDays, "day").format("YYYY-MM-DD"), currency_code: ctx.company.currency_code,
    status: "OPEN", statement_type: program.program_type,
  }).returning("id").executeTakeFirstOrThrow();
  const id = created.id as number;
  await untyped(trx).updateTable("card_transactions").set({ statement_id: id }).where("company_id", "=", companyId).where("transaction_status", "=", "CLEARED")
    .where("statement_id", "is", null).where("posted_date", "<=", closeDate).where("currency_code", "=", ctx.company.currency_code)
    .where(onCards("card_transactions.virtual_card_id")).execute();
  if (previous && ["NEW", "OPEN", "APPROVED"].includes(String(previous.status))) {
    await untyped(trx).updateTable("statements").set({ status: "CLOSED" }).where("id", "=", previous.id as number).where("company_id", "=", companyId).execute();
  }
  return id;
}
