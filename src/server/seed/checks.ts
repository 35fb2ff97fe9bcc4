/**
 * Demo check register and positive pay (issue 31), for a company that pays by check (the US demo):
 * every check payment its runs sent (PROCESSING or CLEARED) has its check, numbered by the domain
 * (issueCheck: the originating account's sequence from 1001, in payment date order) and dated its
 * payment date, printed unless sent today; one check of a payment still out was spoiled and reprinted
 * (as reprintCheck does: VOID "Reprinted as check N", the payment under a new number). The account the checks
 * are drawn on has its positive-pay layout (CSV, downloaded; not delivered by SFTP).
 */
import dayjs from "dayjs";
import checks from "../../../resources/checks.js";
import { issueCheck } from "../domain/payments/bank-files/checks.js";
import { audit } from "../resources/write.js";
import type { Row } from "../resources/context.js";
import { clerkCtx } from "./approvals.js";
import { insertMany } from "./demo.js";
import type { EntitySeed } from "./entities.js";

const sent = ["PROCESSING", "PROCESSING (REISSUED)", "CLEARED", "CLEARED (REISSUED)"];

export const checksSeed: EntitySeed = async (db, context) => {
  if (context.country !== "US") return;
  const ctx = await clerkCtx(db, context);
  const payments = (await db.selectFrom("payments").selectAll().where("company_id", "=", context.companyId).where("record_type", "=", "DEBIT")
    .where("payment_type", "=", "check").where("status", "in", sent).orderBy("payment_date").orderBy("id").execute()) as Row[];
  const today = dayjs().format("YYYY-MM-DD");
  const issued: Row[] = [];
  for (const payment of payments) {
    const check = await issueCheck(db, ctx, payment, String(payment.payment_date));
    if (String(payment.payment_date) < today) {
      await db.updateTable("checks").set({ printed_at: dayjs(String(payment.payment_date)).hour(11).toDate() }).where("id", "=", check.id as number).execute();
    }
    issued.push({ ...check, payment_status: payment.status });
  }
  const spoiled = issued.find((c) => String(c.payment_status).startsWith("PROCESSING"));
  if (spoiled) {
    // as reprintCheck does (its payment lookup needs the app's modules, which the seed runs without)
    const payment = payments.find((p) => p.id === spoiled.payment_id)!;
    const fresh = await issueCheck(db, ctx, payment);
    const reason = `Reprinted as check ${String(fresh.check_number)}`;
    await db.updateTable("checks").set({ status: "VOID", void_date: today, void_reason: reason, replaced_by_id: fresh.id as number, updated_at: new Date() })
      .where("id", "=", spoiled.id as number).execute();
    await audit(db, ctx, "update", checks, spoiled.id as number, { status: ["ISSUED", "VOID"], void_reason: [null, reason] });
    await db.updateTable("checks").set({ printed_at: new Date() }).where("id", "=", fresh.id as number).execute();
  }

  const fromIds = [...new Set(issued.map((c) => c.payment_method_from_id as number))];
  await insertMany(db, "positive_pay_settings", fromIds.map((fromId) => ({
    company_id: context.companyId, payment_method_from_id: fromId, layout: "csv",
    columns: ["account_number", "routing", "check_number", "issue_date", "amount", "payee_name", "record_type", "void_date"],
    include_header: true, issue_code: "I", void_code: "V", deliver_on_processing: false,
  })));
};
