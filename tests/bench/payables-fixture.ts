/**
 * Payable invoices to pay, written straight into a company (set-based): vendors, each with an active
 * default ACH method (valid ABA routing), and APPROVED invoices with their whole balance pending.
 * Used by the payment-run API tests and by `npm run bench:payrun`.
 */
import { abaCheckDigit } from "../../src/server/domain/payments/bank.js";
import type { DB } from "../../src/server/db/connect.js";
import { insertRows } from "../../src/server/db/bulk.js";

export interface PayableFixture {
  vendorIds: number[];
  invoices: { id: number; vendor_id: number; number: string; amount: string }[];
}

const routing = (n: number) => {
  const first8 = String(10_000_000 + (n % 89_999_999)).padStart(8, "0");
  return first8 + abaCheckDigit(first8);
};

/** `vendors` vendors × `perVendor` invoices of `amount(i)`; every `individualEvery`-th vendor is an employee (PPD). */
export async function payableFixture(db: DB, companyId: number, options: { vendors: number; perVendor: number; tag: string; amount?: (i: number) => string; individualEvery?: number }): Promise<PayableFixture> {
  const { vendors, perVendor, tag } = options;
  const amount = options.amount ?? ((i: number) => `${100 + (i % 900)}.${String(i % 100).padStart(2, "0")}`);
  const vendorRows = await insertRows(db, "vendors", Array.from({ length: vendors }, (_, v) => ({
    company_id: companyId, name: `${tag} Vendor ${v + 1}`, status: "ACTIVE",
    vendor_type: options.individualEvery && v % options.individualEvery === 0 ? "EMPLOYEE" : "COMPANY",
  })));
  const vendorIds = vendorRows.map((r) => r.id as number);
  await insertRows(db, "payment_methods", vendorIds.map((vendorId, v) => ({
    company_id: companyId, owner_type: "Vendor", vendor_id: vendorId, name: "ACH", payment_type: "ach", routing: routing(v * 7919 + 11),
    account_number: String(100_000_000 + v), account_type: v % 5 === 0 ? "savings" : "checking", currency_code: "USD", status: "ACTIVE", is_default: true,
  })));
  const rows = vendorIds.flatMap((vendorId, v) => Array.from({ length: perVendor }, (_, k) => {
    const i = v * perVendor + k;
    const value = amount(i);
    return {
      company_id: companyId, number: `${tag}-${i + 1}`, vendor_id: vendorId, date: "2026-11-01", due_date: "2026-12-01", amount: value, currency_code: "USD",
      status: "APPROVED", payments_sum: "0", balance_outstanding: value, outstanding_balance_pending: value,
      debit_entries: JSON.stringify([{ account_number: "6000", amount: value }]),
    };
  }));
  const inserted = await insertRows(db, "invoices", rows, ["id", "vendor_id", "number", "amount"]);
  return { vendorIds, invoices: inserted.map((r) => ({ id: r.id as number, vendor_id: r.vendor_id as number, number: String(r.number), amount: String(r.amount) })) };
}
