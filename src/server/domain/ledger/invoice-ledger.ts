/**
 * The journal entry of an approved invoice (issue 5 item 7): debit the expense accounts of its GL
 * coding, credit Accounts Payable — posted by the invoice approval engine (Engine.onApproved) when
 * the chain ends approved or the invoice is auto-approved.
 *
 * Never twice: what the ledger already holds for the invoice (its Invoice-sourced lines, netted per
 * account) is compared with what the approval should post. Equal (a re-approval after a restart of
 * the chain, coding unchanged) → nothing is posted. Different (amount or coding changed before the
 * re-approval) → a reversal of what was posted, then the new entry: the ledger stays append-only and
 * nets to exactly one approval.
 */
import { isoDate } from "../../../framework/dates.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { accountsByNumber, entryNumber, invoiceApprovalLines, netByAccount, post, reversalLines, type InvoiceForLedger, type JournalEntry } from "./ledger.js";

const sameNet = (a: Map<number, string>, b: Map<number, string>) => a.size === b.size && [...a].every(([id, amount]) => b.get(id) === amount);

export type ApprovalPosting = "posted" | "unchanged" | "reposted";

/** Post the approval entry of a (locked) invoice inside the approval's transaction. */
export async function postInvoiceApproval(trx: DB, ctx: Ctx, record: Row): Promise<ApprovalPosting> {
  const invoice = record as unknown as InvoiceForLedger;
  const source = { type: "Invoice" as const, id: invoice.id };
  const lines = invoiceApprovalLines(invoice, await accountsByNumber(trx, ctx.company.id));
  const posted = await trx.selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"])
    .where("company_id", "=", ctx.company.id).where("account_transactionable_type", "=", "Invoice").where("account_transactionable_id", "=", invoice.id).execute();
  const before = netByAccount(posted);
  if (sameNet(before, netByAccount(lines))) return "unchanged";

  const entries: JournalEntry[] = [];
  const next = () => entryNumber(ctx.company.id, source, new Set(posted.map((l) => l.entry_number)).size + entries.length + 1);
  if (before.size > 0) {
    entries.push({ entry_number: next(), date: isoDate(), description: `Reversal before re-approval of invoice ${invoice.number}`, source, lines: reversalLines(before) });
  }
  entries.push({ entry_number: next(), date: String(invoice.date), description: `Invoice ${invoice.number}`, source, lines });
  await post(trx, ctx.company.id, entries);
  return before.size > 0 ? "reposted" : "posted";
}
