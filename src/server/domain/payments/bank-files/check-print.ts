/**
 * Printing a check payment's check (GET /api/payments/{id}/check.pdf, /api/checks/{id}/check.pdf):
 * the payment's ISSUED check — issued now, in its own transaction, when processing did not (a reissued
 * payment) — on check stock with the originating account's routing and account number in the MICR
 * line; the print is recorded (printed_at). Only a check payment that was sent is printed (409).
 */
import checks from "../../../../../resources/checks.js";
import { inTransaction } from "../../../db/unit-of-work.js";
import { conflict } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { audit } from "../../../resources/write.js";
import { paymentDetails } from "../payment-documents.js";
import { checkStockPdf } from "./check-stock.js";
import { issueCheck, issuedCheckOf } from "./checks.js";

const printable = ["PROCESSING", "PROCESSING (REISSUED)", "CLEARED", "CLEARED (REISSUED)"];

export async function printCheck(ctx: Ctx, paymentId: unknown, checkId?: number): Promise<{ fileName: string; pdf: Buffer }> {
  const details = await paymentDetails(ctx, paymentId);
  const { payment } = details;
  const number = String(payment.payment_number);
  if (payment.payment_type !== "check") throw conflict(`Payment ${number} is paid by ${String(payment.payment_type)}: a check is for check payments`);
  if (!printable.includes(String(payment.status))) throw conflict(`Payment ${number} is ${String(payment.status)}: only a check payment sent by its run is printed`);
  const check = await inTransaction(ctx, async (trx, tctx) => {
    await trx.selectFrom("payments").select("id").where("company_id", "=", ctx.company.id).where("id", "=", payment.id as number).forUpdate().execute();
    const issued = checkId === undefined ? (await issuedCheckOf(trx, tctx, payment.id as number)) ?? (await issueCheck(trx, tctx, payment)) : await issuedById(trx, tctx, checkId);
    await trx.updateTable("checks").set({ printed_at: new Date() }).where("company_id", "=", ctx.company.id).where("id", "=", issued.id as number).execute();
    await audit(trx, tctx, "view", checks, issued.id as number, { document: "check printed" });
    return issued;
  });
  const from = (await ctx.db.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", check.payment_method_from_id as number).executeTakeFirstOrThrow()) as Row;
  if (!from.routing || !from.account_number) {
    throw conflict(`The originating account ${String(from.name)} has no routing or account number: a check drawn on it has no MICR line to print`);
  }
  return { fileName: `check-${String(check.check_number)}-${number.replace(/[^\w.-]+/g, "_")}.pdf`, pdf: checkStockPdf(ctx, details, { check_number: Number(check.check_number), from }) };
}

async function issuedById(trx: Parameters<typeof issuedCheckOf>[0], ctx: Ctx, id: number): Promise<Row> {
  const row = await trx.selectFrom("checks").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", id).executeTakeFirst();
  if (!row || row.status !== "ISSUED") throw conflict(`Check ${String(row?.check_number ?? id)} is void: print the check that replaced it`);
  return row as Row;
}
