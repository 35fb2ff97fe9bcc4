/**
 * The pain.001 credit transfer file of a processed payment run (GET /api/payment_runs/{id}/sepa.xml and
 * /wire.xml, declared download actions of payment_runs): the run's payments that went to the bank
 * (PROCESSING or CLEARED, reissues included; failed and voided ones not) of the kind — SEPA for
 * `sepa`, wire and international for `wire` — one payment-information block per originating account.
 * Every identifier is checked before a byte is written (409 naming the payment): a SEPA file is in
 * euros with IBAN and BIC on both sides (ibantools), a wire needs the creditor's IBAN or account number
 * and its bank's BIC or routing number. The file names full account numbers, so it is for who may
 * pay, and each download is audited like the payment instructions.
 */
import { sql } from "kysely";
import { resourceByName } from "../../../../../resources/index.js";
import { conflict, notFound } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { findRow } from "../../../resources/query.js";
import { audit } from "../../../resources/write.js";
import { bicProblem, ibanProblem, isValidRouting } from "../bank.js";
import { writePain001, type Pain001Block, type Pain001Transfer } from "./pain001.js";

const paymentRuns = resourceByName.get("payment_runs")!;
export const sentStatuses = ["PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)"] as const;
const typesOf = { sepa: ["sepa"], wire: ["wire", "international"] } as const;

export type TransferKind = keyof typeof typesOf;

function refuse(payment: Row, problem: string): never {
  throw conflict(`Payment ${String(payment.payment_number)} cannot go into the credit transfer file: ${problem}`);
}

function checkTransfer(kind: TransferKind, payment: Row, to: Row): void {
  const iban = to.iban ? String(to.iban) : null;
  const bic = to.bic ? String(to.bic) : null;
  if (iban && ibanProblem(iban)) refuse(payment, `the vendor's IBAN ${ibanProblem(iban)}`);
  if (bic && bicProblem(bic)) refuse(payment, `the vendor's BIC ${bicProblem(bic)}`);
  if (kind === "sepa") {
    if (String(payment.currency_code) !== "EUR") refuse(payment, "a SEPA credit transfer is in euros");
    if (!iban) refuse(payment, "the vendor's method has no IBAN");
    if (!bic) refuse(payment, "the vendor's method has no BIC");
    return;
  }
  if (!iban && !to.account_number) refuse(payment, "the vendor's method has neither IBAN nor account number");
  if (!bic && !(to.routing && isValidRouting(String(to.routing)))) refuse(payment, "the vendor's bank has neither BIC nor routing number");
}

function checkDebtor(kind: TransferKind, payment: Row, from: Row | undefined): asserts from is Row {
  if (!from) refuse(payment, "it names no originating account");
  if (from.iban && ibanProblem(String(from.iban))) refuse(payment, `the originating account's IBAN ${ibanProblem(String(from.iban))}`);
  if (kind === "sepa" && (!from.iban || !from.bic)) refuse(payment, `the originating account ${String(from.name)} needs an IBAN and a BIC for SEPA`);
  if (!from.iban && !from.account_number) refuse(payment, `the originating account ${String(from.name)} has neither IBAN nor account number`);
}

/** The run's pain.001 of the kind, and what the download is named. */
export async function runPain001(ctx: Ctx, runId: unknown, kind: TransferKind): Promise<{ fileName: string; xml: string }> {
  const run = await findRow(paymentRuns, runId, ctx);
  if (!run) throw notFound();
  const payments = (await ctx.db.selectFrom("payments as p").leftJoin("vendors as v", "v.id", "p.vendor_id")
    .select(["p.id", "p.payment_number", sql<string>`p.amount::text`.as("amount"), "p.currency_code", sql<string>`p.payment_date::text`.as("payment_date"),
      "p.payment_method_id", "p.payment_method_from_id", "v.name as vendor_name"])
    .where("p.company_id", "=", ctx.company.id).where("p.payment_run_id", "=", run.id as number).where("p.record_type", "=", "DEBIT")
    .where("p.payment_type", "in", [...typesOf[kind]]).where("p.status", "in", [...sentStatuses]).orderBy("p.id").execute()) as Row[];
  if (payments.length === 0) throw conflict(`Payment run ${String(run.number)} sent no ${kind === "sepa" ? "SEPA" : "wire or international"} payment to the bank.`);
  const methodIds = [...new Set(payments.flatMap((p) => [p.payment_method_id, p.payment_method_from_id]).filter((id) => id != null))] as number[];
  const methods = new Map((await ctx.db.selectFrom("payment_methods").selectAll().where("company_id", "=", ctx.company.id).where("id", "in", methodIds).execute())
    .map((m) => [m.id, m as Row]));
  const links = await ctx.db.selectFrom("invoice_payment_links as l").innerJoin("invoices as i", "i.id", "l.invoice_id").select(["l.payment_id", "i.number"])
    .where("l.company_id", "=", ctx.company.id).where("l.payment_id", "in", payments.map((p) => p.id as number)).orderBy("i.number").execute();
  const blocks = new Map<number, Pain001Block>();
  for (const payment of payments) {
    const to = methods.get(payment.payment_method_id as number);
    if (!to) refuse(payment, "it names no vendor payment method");
    checkTransfer(kind, payment, to);
    const from = methods.get(payment.payment_method_from_id as number);
    checkDebtor(kind, payment, from);
    let block = blocks.get(from.id as number);
    if (!block) {
      block = {
        id: `${String(run.number)}-${kind.toUpperCase()}-${String(from.id)}`, kind, execution_date: String(payment.payment_date), debtor_name: ctx.company.name,
        debtor_iban: (from.iban as string | null) ?? null, debtor_account_number: (from.account_number as string | null) ?? null,
        debtor_bic: (from.bic as string | null) ?? null, debtor_currency: String(payment.currency_code), transfers: [],
      };
      blocks.set(from.id as number, block);
    }
    const transfer: Pain001Transfer = {
      end_to_end_id: String(payment.payment_number), amount: String(payment.amount), currency: String(payment.currency_code),
      creditor_name: String(to.account_name ?? payment.vendor_name), creditor_iban: (to.iban as string | null) ?? null,
      creditor_account_number: (to.account_number as string | null) ?? null, creditor_bic: (to.bic as string | null) ?? null,
      creditor_routing: (to.routing as string | null) ?? null, creditor_country: (to.country as string | null) ?? null,
      remittance: links.filter((l) => l.payment_id === payment.id).map((l) => String(l.number)).join(", ") || String(payment.payment_number),
    };
    block.transfers.push(transfer);
  }
  const xml = writePain001({ message_id: `${String(run.number)}-${kind.toUpperCase()}`, created_at: new Date(), initiating_party: ctx.company.name, blocks: [...blocks.values()] });
  await audit(ctx.db, ctx, "view", paymentRuns, run.id as number, { document: `pain.001 ${kind} credit transfer file` });
  return { fileName: `pain001-${kind}-${String(run.number).replace(/[^\w.-]+/g, "_")}.xml`, xml };
}
