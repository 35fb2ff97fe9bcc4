/**
 * Reading a NACHA return file's request body and matching an entry to the payment it names — by the
 * Individual Identification Number, which the NACHA writer fills with the payment_number, checked
 * against the original trace number, else by the trace number alone (matchPayment). Returns and
 * notifications of change are judged and applied by bank-files/bank-returns.ts.
 */
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ReturnEntry } from "./nacha-returns.js";
import type { DB } from "../../db/connect.js";

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
export async function matchPayment(trx: DB, ctx: Ctx, entry: Pick<ReturnEntry, "individual_id" | "original_trace_number">): Promise<{ id: number } | { unmatched: string }> {
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
