/**
 * The card actions beyond status moves (resources/virtual_cards.ts, card_programs.ts, statements.ts):
 * a purchase tried through the simulator, a card replaced, a statement closed and paid.
 */
import { sql } from "kysely";
import { isoDate } from "../../../framework/dates.js";
import { money, round } from "../../../framework/money.js";
import { untyped } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { ActionCall, ActionResult } from "../../resources/modules.js";
import { rollUpCards } from "./cards.js";
import { postStatementPayment } from "./card-ledger.js";
import { assertSimulator, issuer } from "./issuer.js";
import { authorizePurchase } from "./network.js";
import { closeStatement } from "./statement-close.js";

/**
 * POST /api/virtual_cards/{id}/simulate_authorization: answers the card's id and the stored transaction,
 * approved or declined with its reason (the card's page reloads: its transactions list shows it).
 */
export async function simulateAuthorization({ row, input, ctx }: ActionCall): Promise<ActionResult> {
  assertSimulator();
  const amount = String(input.authorized_amount);
  if (money(amount).lte(0)) throw unprocessable({ authorized_amount: ["must be greater than 0"] });
  const id = await authorizePurchase(ctx, row, {
    amount, date: typeof input.transaction_date === "string" ? input.transaction_date : isoDate(), international: input.is_international === true,
    vendor_name: String(input.vendor_name), mcc_category: typeof input.mcc_category === "string" ? input.mcc_category : null, settle: input.settle !== false,
  });
  const data = await ctx.db.selectFrom("card_transactions")
    .select(["id", "vendor_name", "authorized_amount", "posted_amount", "transaction_date", "transaction_status", "transaction_status_description", "approval_code", "currency_code"])
    .where("id", "=", id).executeTakeFirstOrThrow();
  const transaction = { ...data, authorized_amount: round(String(data.authorized_amount)), posted_amount: data.posted_amount === null ? null : round(String(data.posted_amount)) };
  return { data: { id: row.id, transaction }, status: 201 };
}

/** Fields a replacement does not take over from the card it replaces. */
const notCopied = ["id", "created_at", "updated_at", "last4", "status", "issue_date", "external_id", "remaining_amount", "has_pending_create_event", "replacement_card"];

/** POST /api/virtual_cards/{id}/replace: a new number with the same controls, ACTIVE; the old card INACTIVE. Answers the new card. */
export async function replaceCard({ row, ctx }: ActionCall): Promise<ActionResult> {
  const db = untyped(ctx.db);
  const companyId = ctx.company.id;
  const old = await db.selectFrom("virtual_cards").selectAll().where("id", "=", row.id as number).where("company_id", "=", companyId).executeTakeFirstOrThrow();
  const taken = new Set((await db.selectFrom("virtual_cards").select("last4").where("company_id", "=", companyId).execute()).map((c) => String(c.last4)));
  const copy = Object.fromEntries(Object.entries(old as Record<string, unknown>).filter(([key]) => !notCopied.includes(key)));
  const created = await db.insertInto("virtual_cards").values({
    ...copy, last4: issuer().newCardNumber(taken),
    status: "ACTIVE", issue_date: isoDate(), replacement_card: true, remaining_amount: old.amount, submitter_contact_id: ctx.contact.id,
  }).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("virtual_cards").set({ status: "INACTIVE" }).where("id", "=", row.id as number).where("company_id", "=", companyId).execute();
  await rollUpCards(ctx.db, companyId, [created.id as number]);
  return { show: created.id as number };
}

/** POST /api/card_programs/{id}/close_statement: answers the statement (the one already closed on that date, when so). */
export async function closeProgramStatement({ row, input, ctx }: ActionCall): Promise<ActionResult> {
  const id = await closeStatement(ctx, row, String(input.close_date));
  const statement = await ctx.db.selectFrom("statements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { data: statement };
}

/** POST /api/statements/{id}/pay: the balance paid today, the statement PAID, the payment posted (card liability against the bank). */
export async function payStatement({ row, ctx }: ActionCall): Promise<void> {
  const amount = round(String(row.current_balance));
  const today = isoDate();
  await ctx.db.updateTable("statements")
    .set({ payment_amount: sql`payment_amount + current_balance`, current_balance: "0", minimum_payment: "0", status: "PAID" })
    .where("id", "=", row.id as number).where("company_id", "=", ctx.company.id).execute();
  await postStatementPayment(ctx.db, ctx.company.id, { id: row.id as number, close_date: String(row.close_date) }, amount, today);
}
