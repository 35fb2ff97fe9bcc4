/**
 * Every demo invoice arrives with its vendor's PDF (a generated one-page invoice), so the document
 * pane beside the invoice, inbox and approval screens has something to show (docs/client.md).
 */
import { simplePdf } from "../files/simple-pdf.js";
import { insertMany } from "./demo.js";
import type { EntitySeed } from "./entities.js";

export const invoiceScansSeed: EntitySeed = async (db, context) => {
  const invoices = await db.selectFrom("invoices as i").innerJoin("vendors as v", "v.id", "i.vendor_id")
    .select(["i.id", "i.number", "i.date", "i.due_date", "i.amount", "i.description", "v.name as vendor"])
    .where("i.company_id", "=", context.companyId).orderBy("i.id").execute();
  if (invoices.length === 0) return;
  const pdfs = invoices.map((invoice) => simplePdf([
    String(invoice.vendor), "INVOICE", `Invoice number: ${invoice.number}`, `Invoice date: ${String(invoice.date)}`,
    `Due date: ${String(invoice.due_date ?? "")}`, `Description: ${String(invoice.description ?? "")}`, `Amount due: ${String(invoice.amount)} ${context.currency}`,
  ]));
  const files = await insertMany(db, "stored_files", pdfs.map((data) => ({ company_id: context.companyId, data })));
  await insertMany(db, "documents", invoices.map((invoice, i) => {
    const name = `${invoice.number.replace(/[^\w.-]+/g, "-")}.pdf`;
    return {
      company_id: context.companyId, assetable_type: "Invoice", assetable_id: invoice.id, asset_file_file_name: name,
      asset_file_file_size: pdfs[i].length, content_type: "application/pdf", storage_key: `db:${files[i].id}`,
    };
  }));
};
