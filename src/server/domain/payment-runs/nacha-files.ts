/**
 * The NACHA files of a processed run: one per originating account + payment date, its ACH
 * payments in two batches at most — CCD for business vendors, PPD for individuals (vendor_type
 * EMPLOYEE) — with the invoice numbers in the addenda. Returns each payment's trace number.
 */
import { unprocessable } from "../../http/errors.js";
import type { Row } from "../../resources/context.js";
import { writeNacha, type NachaBatch, type NachaEntry } from "../../payments/nacha.js";

export interface AchPayment {
  id: number;
  payment_number: string;
  amount: string;
  payment_date: string;
  payment_method_from_id: number;
  vendor_name: string;
  vendor_type: string;
  routing: string | null;
  account_number: string | null;
  account_type: string;
  invoice_numbers: string[];
}

export interface BuiltFile {
  from: Row;
  payment_date: string;
  content: string;
  entry_count: number;
  amount_cents: bigint;
  /** payment id → trace number */
  traces: Map<number, string>;
}

/** The "company entry description" of the batch header (10 characters). */
const entryDescription = "VENDOR PAY";
const originFields = ["immediate_destination", "immediate_origin", "nacha_company_id", "nacha_company_name"];

const secOf = (vendorType: string): NachaBatch["sec"] => (vendorType === "EMPLOYEE" ? "PPD" : "CCD");

export function nachaFiles(payments: readonly AchPayment[], fromAccounts: ReadonlyMap<number, Row>, now: Date): BuiltFile[] {
  const groups = new Map<string, AchPayment[]>();
  for (const p of payments) {
    const key = `${p.payment_method_from_id}|${p.payment_date}`;
    const group = groups.get(key) ?? [];
    group.push(p);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => {
    const from = fromAccounts.get(group[0].payment_method_from_id)!;
    const missing = originFields.filter((f) => !from[f]);
    if (missing.length) throw unprocessable({ payment_method_from_id: [`originating account ${String(from.name ?? from.id)} lacks ${missing.join(", ")} for a NACHA file`] });
    for (const p of group) {
      if (!p.routing || !p.account_number) throw unprocessable({ base: [`payment ${p.payment_number}: the vendor's ACH method lacks a routing or account number`] });
    }
    const order: AchPayment[] = [];
    const batches: NachaBatch[] = (["CCD", "PPD"] as const).map((sec) => {
      const own = group.filter((p) => secOf(p.vendor_type) === sec);
      order.push(...own);
      return {
        sec, company_name: String(from.nacha_company_name), company_id: String(from.nacha_company_id), entry_description: entryDescription, effective_date: group[0].payment_date,
        entries: own.map((p): NachaEntry => ({
          routing: p.routing!, account_number: p.account_number!, account_type: p.account_type === "savings" ? "savings" : "checking", amount: p.amount,
          id_number: p.payment_number, name: p.vendor_name, invoice_numbers: p.invoice_numbers,
        })),
      };
    }).filter((b) => b.entries.length > 0);
    const written = writeNacha({
      immediate_destination: String(from.immediate_destination), immediate_origin: String(from.immediate_origin),
      destination_name: String(from.bank_name ?? ""), origin_name: String(from.account_name ?? from.nacha_company_name), created_at: now, batches,
    });
    const traces = written.traceNumbers.flat();
    return {
      from, payment_date: group[0].payment_date, content: written.content, entry_count: written.entryCount, amount_cents: written.totalCreditCents,
      traces: new Map(order.map((p, i) => [p.id, traces[i]])),
    };
  });
}
