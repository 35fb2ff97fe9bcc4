/**
 * NACHA (ACH) file writer — pure: the records of one file from its batches of credit entries.
 * Format decisions are in docs/payments.md. Every record is 94 characters; the file is padded with
 * 9-filled records to a multiple of 10 (blocking factor 10). Only credits are written (service
 * class 220): a payment run pays vendors, it never debits them.
 */
import { money } from "../../../framework/money.js";

export const recordSize = 94;
export const blockingFactor = 10;
/** Payment-related information of one addenda record. */
export const addendaInfoSize = 80;

export interface NachaEntry {
  /** the receiving bank's 9-digit ABA routing number */
  routing: string;
  account_number: string;
  account_type: "checking" | "savings";
  /** a positive decimal amount, e.g. "125.00" */
  amount: string;
  /** Individual Identification Number: the payment's number */
  id_number: string;
  /** Individual Name: the vendor */
  name: string;
  /** carried in type 05 addenda records */
  invoice_numbers: readonly string[];
}

export interface NachaBatch {
  /** CCD for businesses, PPD for individuals */
  sec: "CCD" | "PPD";
  company_name: string;
  company_id: string;
  entry_description: string;
  /** YYYY-MM-DD */
  effective_date: string;
  entries: readonly NachaEntry[];
}

export interface NachaFile {
  immediate_destination: string;
  immediate_origin: string;
  destination_name: string;
  origin_name: string;
  created_at: Date;
  file_id_modifier?: string;
  /** the 7-digit sequence of the file's first trace number (1 when absent), then one per entry */
  trace_sequence_start?: number;
  reference_code?: string;
  batches: readonly NachaBatch[];
}

export interface WrittenNacha {
  content: string;
  /** the trace number of each entry, batch by batch, in entry order */
  traceNumbers: string[][];
  entryCount: number;
  entryAddendaCount: number;
  /** total credit in cents */
  totalCreditCents: bigint;
  entryHash: string;
}

/** NACHA text: upper-case printable ASCII only. */
const clean = (value: string) => value.normalize("NFKD").replace(/[^\x20-\x7E]/g, "").toUpperCase();
/** Alphanumeric field: left-justified, space-filled, cut to size. */
export const alpha = (value: string, size: number) => clean(value).slice(0, size).padEnd(size, " ");
/** Numeric field: right-justified, zero-filled; refuses a value that does not fit (never silently cut a number). */
export function numeric(value: string | number | bigint, size: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > size) throw new Error(`NACHA: ${text} is not a number of at most ${size} digits`);
  return text.padStart(size, "0");
}
const yymmdd = (isoDay: string) => isoDay.slice(2, 4) + isoDay.slice(5, 7) + isoDay.slice(8, 10);
/** a routing field of 10 positions: blank + 9 digits */
const routingField = (value: string) => value.trim().padStart(10, " ");
const digitsOnly = (value: string) => value.replace(/\D/g, "");

export function cents(amount: string): bigint {
  const value = money(amount);
  if (value.isNegative() || value.decimalPlaces() > 2) throw new Error(`NACHA: ${amount} is not an amount in cents`);
  return BigInt(value.times(100).toFixed(0));
}

/** Entry hash: the sum of the 8-digit RDFI identifications, its last 10 digits. */
export function entryHash(routings: readonly string[]): string {
  const total = routings.reduce((t, r) => t + BigInt(digitsOnly(r).slice(0, 8)), 0n);
  return numeric(total % 10_000_000_000n, 10);
}

/**
 * The payment-related information of an entry's addenda record: CCD and PPD entries may carry only
 * one (NACHA rules), so the invoice numbers, comma-separated and never split, as many as fit in 80
 * characters; those that do not fit are counted at the end ("+3 MORE"). The remittance advice
 * e-mailed to the vendor lists them all.
 */
export function addendaInfo(numbers: readonly string[]): string | null {
  const all = numbers.map((n) => clean(n).trim().slice(0, addendaInfoSize)).filter(Boolean);
  if (!all.length) return null;
  const text = (fit: number) => [...all.slice(0, fit), ...(fit < all.length ? [`+${all.length - fit} MORE`] : [])].join(",");
  let fit = all.length;
  while (text(fit).length > addendaInfoSize) fit--;
  return text(fit);
}

function record(text: string): string {
  if (text.length !== recordSize) throw new Error(`NACHA: a record of ${text.length} characters: ${text}`);
  return text;
}

export function writeNacha(file: NachaFile): WrittenNacha {
  const odfi = digitsOnly(file.immediate_destination).slice(-9).slice(0, 8);
  const created = file.created_at.toISOString();
  const lines: string[] = [record(
    "1" + "01" + routingField(file.immediate_destination) + routingField(file.immediate_origin) + yymmdd(created.slice(0, 10)) + created.slice(11, 13) + created.slice(14, 16)
    + alpha(file.file_id_modifier ?? "A", 1) + "094" + numeric(blockingFactor, 2) + "1" + alpha(file.destination_name, 23) + alpha(file.origin_name, 23) + alpha(file.reference_code ?? "", 8),
  )];
  const traceNumbers: string[][] = [];
  let sequence = (file.trace_sequence_start ?? 1) - 1;
  let fileCount = 0;
  let fileCredit = 0n;
  const fileRoutings: string[] = [];

  file.batches.forEach((batch, b) => {
    const batchNumber = numeric(b + 1, 7);
    const companyId = alpha(batch.company_id, 10);
    lines.push(record(
      "5" + "220" + alpha(batch.company_name, 16) + alpha("", 20) + companyId + batch.sec + alpha(batch.entry_description, 10)
      + alpha("", 6) + yymmdd(batch.effective_date) + alpha("", 3) + "1" + numeric(odfi, 8) + batchNumber,
    ));
    let count = 0;
    let credit = 0n;
    const traces: string[] = [];
    for (const entry of batch.entries) {
      const routing = digitsOnly(entry.routing);
      if (routing.length !== 9) throw new Error(`NACHA: routing ${entry.routing} is not 9 digits`);
      const amount = cents(entry.amount);
      // the sequence wraps after 9,999,999 (7 digits)
      const trace = numeric(odfi, 8) + numeric(++sequence % 10_000_000, 7);
      const addenda = addendaInfo(entry.invoice_numbers);
      lines.push(record(
        "6" + (entry.account_type === "savings" ? "32" : "22") + routing.slice(0, 8) + routing[8] + alpha(entry.account_number, 17) + numeric(amount, 10)
        + alpha(entry.id_number, 15) + alpha(entry.name, 22) + alpha("", 2) + (addenda ? "1" : "0") + trace,
      ));
      if (addenda) lines.push(record("7" + "05" + alpha(addenda, addendaInfoSize) + numeric(1, 4) + trace.slice(-7)));
      count += addenda ? 2 : 1;
      credit += amount;
      traces.push(trace);
    }
    const routings = batch.entries.map((e) => e.routing);
    lines.push(record(
      "8" + "220" + numeric(count, 6) + entryHash(routings) + numeric(0, 12) + numeric(credit, 12) + companyId + alpha("", 19) + alpha("", 6) + numeric(odfi, 8) + batchNumber,
    ));
    traceNumbers.push(traces);
    fileCount += count;
    fileCredit += credit;
    fileRoutings.push(...routings);
  });

  const blocks = Math.ceil((lines.length + 1) / blockingFactor);
  const hash = entryHash(fileRoutings);
  lines.push(record("9" + numeric(file.batches.length, 6) + numeric(blocks, 6) + numeric(fileCount, 8) + hash + numeric(0, 12) + numeric(fileCredit, 12) + alpha("", 39)));
  while (lines.length % blockingFactor !== 0) lines.push("9".repeat(recordSize));
  return {
    content: lines.join("\n") + "\n", traceNumbers, entryCount: file.batches.reduce((t, b) => t + b.entries.length, 0),
    entryAddendaCount: fileCount, totalCreditCents: fileCredit, entryHash: hash,
  };
}
