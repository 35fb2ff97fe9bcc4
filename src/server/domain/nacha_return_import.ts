/**
 * Importing a NACHA return file: each returned entry is matched to a payment of the company — by
 * the Individual Identification Number, which the NACHA writer fills with the payment_number, else
 * by the original trace number (matchPayment) — and that
 * payment is failed as POST /api/payments/{id}/fail would (R-code stored, balances reopened, journal
 * reversed). The whole file is one transaction; an entry that matches nothing, or a payment that is
 * not in flight or whose amount differs, is reported and left alone.
 */
import { resourceByName } from "../../../resources/index.js";
import { HttpError, unprocessable } from "../http/errors.js";
import type { Ctx, Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { money } from "../../framework/money.js";
import { parseReturnFile, returnReasons, type ReturnEntry } from "./nacha_returns.js";
import { failWithin, transitionTouched } from "./payment_transitions.js";
import type { DB } from "../db/connect.js";

const payments = resourceByName.get("payments")!;

export interface ReturnResult {
  line: number;
  individual_id: string;
  trace_number: string;
  amount: string;
  return_code: string;
  reason: string | null;
  result: "failed" | "unmatched" | "refused";
  payment_id: number | null;
  payment_number: string | null;
  message: string | null;
}

/** The file's text from the request body: text/plain, or JSON `{ file_text }` or `{ content_base64 }`. */
export function returnFileText(body: unknown): string {
  if (typeof body === "string") return body;
  const input = (body ?? {}) as Row;
  if (typeof input.file_text === "string") return input.file_text;
  if (typeof input.content_base64 === "string") return Buffer.from(input.content_base64, "base64").toString("latin1");
  throw unprocessable({ file_text: ["send the return file as text/plain, or as JSON { file_text } or { content_base64 }"] });
}

/**
 * The payment an entry returns: by payment number (the Individual Identification Number the writer
 * fills, unique in the company), else by trace number — which repeats across files (a 7-digit
 * sequence per file), so only among payments in flight with the returned amount, the newest first.
 */
async function matchPayment(trx: DB, ctx: Ctx, entry: ReturnEntry): Promise<number | undefined> {
  const base = trx.selectFrom("payments").select("id").where("company_id", "=", ctx.company.id).where("record_type", "=", "DEBIT");
  if (entry.individual_id) {
    const byNumber = await base.where("payment_number", "=", entry.individual_id).executeTakeFirst();
    if (byNumber) return byNumber.id as number;
  }
  if (!entry.original_trace_number) return undefined;
  const byTrace = await base.where("trace_number", "=", entry.original_trace_number).where("status", "in", ["PROCESSING", "PROCESSING (REISSUED)"])
    .where("amount", "=", entry.amount).orderBy("id", "desc").executeTakeFirst();
  return byTrace?.id as number | undefined;
}

async function applyEntry(trx: DB, ctx: Ctx, entry: ReturnEntry): Promise<ReturnResult> {
  const code = entry.return_code!;
  const result: ReturnResult = {
    line: entry.line, individual_id: entry.individual_id, trace_number: entry.original_trace_number, amount: entry.amount, return_code: code,
    reason: returnReasons[code] ?? null, result: "unmatched", payment_id: null, payment_number: null, message: null,
  };
  const id = await matchPayment(trx, ctx, entry);
  if (id === undefined) return { ...result, message: "no payment with this trace number or payment number" };
  const payment = (await findRow(payments, id, ctx, true))!;
  const matched = { ...result, payment_id: id, payment_number: String(payment.payment_number) };
  if (!money(String(payment.amount)).eq(entry.amount)) {
    return { ...matched, result: "refused", message: `the returned amount ${entry.amount} differs from the payment's ${String(payment.amount)}` };
  }
  try {
    await failWithin(trx, ctx, payment, { return_code: code, reason: result.reason ?? entry.addenda_information });
  } catch (error) {
    // a state conflict (already failed, not yet sent) or an unknown code is this entry's answer, not the file's
    if (error instanceof HttpError && (error.status === 409 || error.status === 422)) return { ...matched, result: "refused", message: error.message };
    throw error;
  }
  return { ...matched, result: "failed" };
}

/** POST /api/nacha_payments/returns. */
export async function importReturns(body: unknown, ctx: Ctx): Promise<{ entries: ReturnResult[]; errors: { line: number; message: string }[] }> {
  const parsed = parseReturnFile(returnFileText(body));
  if (parsed.entries.length === 0) {
    throw unprocessable({ file_text: ["no returned entry (an entry detail record with a type 99 addenda) was found", ...parsed.errors.map((e) => `line ${e.line}: ${e.message}`)] });
  }
  const entries = await ctx.db.transaction().execute(async (trx) => {
    const tctx = { ...ctx, db: trx };
    const results: ReturnResult[] = [];
    for (const entry of parsed.entries) results.push(await applyEntry(trx, tctx, entry));
    return results;
  });
  transitionTouched();
  return { entries, errors: parsed.errors };
}
