/**
 * Importing a NACHA return file: each returned entry is matched to the payment it names — by the
 * Individual Identification Number, which the NACHA writer fills with the payment_number, checked
 * against the original trace number, else by the trace number alone (matchPayment) — and that
 * payment is failed as POST /api/payments/{id}/fail would (R-code stored, balances reopened, journal
 * reversed). The whole file is one transaction; an entry that matches nothing, or a payment that is
 * not in flight or whose amount differs, is reported and left alone.
 */
import { resourceByName } from "../../../../resources/index.js";
import { HttpError, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { money } from "../../../framework/money.js";
import { parseReturnFile, returnReasons, type ReturnEntry } from "./nacha-returns.js";
import { failWithin } from "./payment-transitions.js";
import type { DB } from "../../db/connect.js";
import { inTransaction } from "../../db/unit-of-work.js";

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
 * The one payment an entry names, or why none: by payment number (the Individual Identification
 * Number the writer fills; unique per company), whose trace number must then agree with the entry's;
 * else by trace number (unique per company since issue 9: one trace sequence per company), only when
 * exactly one payment carries it. Never a payment the entry does not name.
 */
async function matchPayment(trx: DB, ctx: Ctx, entry: ReturnEntry): Promise<{ id: number } | { unmatched: string }> {
  const base = trx.selectFrom("payments").select(["id", "trace_number"]).where("company_id", "=", ctx.company.id).where("record_type", "=", "DEBIT");
  const trace = entry.original_trace_number;
  if (entry.individual_id) {
    const named = await base.where("payment_number", "=", entry.individual_id).executeTakeFirst();
    if (!named) return { unmatched: `no payment numbered ${entry.individual_id}` };
    if (trace && named.trace_number != null && named.trace_number !== trace) {
      return { unmatched: `payment ${entry.individual_id} has trace number ${String(named.trace_number)}, not ${trace}` };
    }
    return { id: named.id };
  }
  if (!trace) return { unmatched: "the entry names no payment (no payment number or trace number)" };
  const traced = await base.where("trace_number", "=", trace).limit(2).execute();
  if (traced.length === 0) return { unmatched: `no payment with trace number ${trace}` };
  if (traced.length > 1) return { unmatched: `trace number ${trace} belongs to several payments: name the payment number` };
  return { id: traced[0].id };
}

async function applyEntry(trx: DB, ctx: Ctx, entry: ReturnEntry): Promise<ReturnResult> {
  const code = entry.return_code!;
  const result: ReturnResult = {
    line: entry.line, individual_id: entry.individual_id, trace_number: entry.original_trace_number, amount: entry.amount, return_code: code,
    reason: returnReasons[code] ?? null, result: "unmatched", payment_id: null, payment_number: null, message: null,
  };
  const match = await matchPayment(trx, ctx, entry);
  if ("unmatched" in match) return { ...result, message: match.unmatched };
  const id = match.id;
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
  const entries = await inTransaction(ctx, async (trx, tctx) => {
    const results: ReturnResult[] = [];
    for (const entry of parsed.entries) results.push(await applyEntry(trx, tctx, entry));
    return results;
  });
  return { entries, errors: parsed.errors };
}
