/**
 * The demo's paper: every invoice arrives with its vendor's PDF (a generated one-page invoice), and
 * every expense item and card transaction marked with a receipt has its receipt file, so the document
 * pane beside the invoice, inbox and approval screens has something to show (docs/client.md) and
 * `receipt_attached` means a file is there (docs/expenses.md, docs/cards.md).
 */
import { simplePdf } from "../files/simple-pdf.js";
import { insertMany } from "./demo.js";
import type { EntitySeed, SeedContext } from "./entities.js";
import type { DB } from "../db/connect.js";

interface Scan { type: string; id: number; name: string; lines: string[] }

async function store(db: DB, context: SeedContext, scans: Scan[]): Promise<void> {
  if (scans.length === 0) return;
  const pdfs = scans.map((scan) => simplePdf(scan.lines));
  const files = await insertMany(db, "stored_files", pdfs.map((data) => ({ company_id: context.companyId, data })));
  await insertMany(db, "documents", scans.map((scan, i) => ({
    company_id: context.companyId, assetable_type: scan.type, assetable_id: scan.id, asset_file_file_name: `${scan.name.replace(/[^\w.-]+/g, "-")}.pdf`,
    asset_file_file_size: pdfs[i].length, content_type: "application/pdf", storage_key: `db:${files[i].id}`,
  })));
}

/** The lines of a demo invoice's PDF (the capture seed reads the same document). */
export const invoiceScanLines = (invoice: { vendor: unknown; number: string; date: unknown; due_date: unknown; description: unknown; amount: unknown }, currency: string): string[] => [
  String(invoice.vendor), "INVOICE", `Invoice number: ${invoice.number}`, `Invoice date: ${String(invoice.date)}`,
  `Due date: ${String(invoice.due_date ?? "")}`, `Description: ${String(invoice.description ?? "")}`, `Amount due: ${String(invoice.amount)} ${currency}`,
];

export const scansSeed: EntitySeed = async (db, context) => {
  const invoices = await db.selectFrom("invoices as i").innerJoin("vendors as v", "v.id", "i.vendor_id")
    .select(["i.id", "i.number", "i.date", "i.due_date", "i.amount", "i.description", "v.name as vendor"])
    .where("i.company_id", "=", context.companyId).orderBy("i.id").execute();
  const items = await db.selectFrom("expense_items").select(["id", "merchant", "date", "amount", "currency_code"])
    .where("company_id", "=", context.companyId).where("receipt_attached", "=", true).orderBy("id").execute();
  const transactions = await db.selectFrom("card_transactions").select(["id", "vendor_name", "transaction_date", "authorized_amount", "currency_code"])
    .where("company_id", "=", context.companyId).where("receipt_attached", "=", true).orderBy("id").execute();
  const receipt = (merchant: unknown, date: unknown, amount: unknown, currency: unknown) =>
    [String(merchant ?? ""), "RECEIPT", `Date: ${String(date ?? "")}`, `Total: ${String(amount ?? "")} ${String(currency ?? context.currency)}`, "Thank you!"];
  await store(db, context, [
    ...invoices.map((invoice) => ({
      type: "Invoice", id: invoice.id, name: invoice.number,
      lines: invoiceScanLines(invoice, context.currency),
    })),
    ...items.map((item) => ({ type: "ExpenseItem", id: item.id, name: `receipt-${item.id}`, lines: receipt(item.merchant, item.date, item.amount, item.currency_code) })),
    ...transactions.map((t) => ({ type: "CardTransaction", id: t.id, name: `receipt-${t.id}`, lines: receipt(t.vendor_name, t.transaction_date, t.authorized_amount, t.currency_code) })),
  ]);
};
