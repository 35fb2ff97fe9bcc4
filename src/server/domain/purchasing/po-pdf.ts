/**
 * The purchase order as the vendor receives it: one PDF (jsPDF, as the checks of payment-documents.ts)
 * with the buyer, the vendor, the order's number, date and description, its lines (quantity, unit
 * price, amount) and the total. The standard PDF fonts are WinAnsi: plain separators only.
 */
import { jsPDF } from "jspdf";
import { formatDate } from "../../../framework/dates.js";
import { formatMoney, money } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";

export interface OrderDocument {
  order: Row;
  vendor: { name: string; email: string | null };
  lines: { line: number; description: string; quantity: string; unit_price: string; amount: string }[];
}

/** The order `id` of the company with its vendor and lines, as the PDF and the mail show them. */
export async function orderDocument(trx: DB, ctx: Ctx, id: number): Promise<OrderDocument> {
  const order = (await trx.selectFrom("purchase_orders").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", id).executeTakeFirstOrThrow()) as Row;
  const vendor = await trx.selectFrom("vendors").select(["name", "email"]).where("company_id", "=", ctx.company.id).where("id", "=", order.vendor_id as number).executeTakeFirstOrThrow();
  const lines = await trx.selectFrom("po_items").select(["line", "description", "quantity", "unit_price", "amount"])
    .where("company_id", "=", ctx.company.id).where("purchase_order_id", "=", id).orderBy("line").orderBy("id").execute();
  return {
    order, vendor: { name: String(vendor.name), email: vendor.email ?? null },
    lines: lines.map((l) => ({ line: l.line, description: l.description ?? "", quantity: money(String(l.quantity)).toString(), unit_price: String(l.unit_price), amount: String(l.amount) })),
  };
}

/** The PDF's file name: the order's number, safe in a header and a mail. */
export const pdfName = (order: Row) => `${String(order.number).replace(/[^\w.-]+/g, "_")}.pdf`;

/** GET /api/purchase_orders/{id}/order.pdf: the order as its vendor receives it. */
export async function orderPdfFile({ row, ctx }: { row: Row; ctx: Ctx }) {
  const document = await orderDocument(ctx.db, ctx, row.id as number);
  return { file: { contentType: "application/pdf", fileName: pdfName(row), content: purchaseOrderPdf(ctx, document) } };
}

/** The last line of a LETTER page (792 pt) before the lines continue on a new page. */
const pageBottom = 740;

export function purchaseOrderPdf(ctx: Ctx, { order, vendor, lines }: OrderDocument): Buffer {
  const currency = String(order.currency_code);
  const doc = new jsPDF({ orientation: "portrait", unit: "pt", format: "letter" });
  doc.setFontSize(16).text(`Purchase Order ${String(order.number)}`, 40, 50);
  doc.setFontSize(10).text(`From: ${ctx.company.name}`, 40, 75).text(`To: ${vendor.name}`, 40, 90);
  doc.text(`Date: ${formatDate(String(order.date), ctx.company.company_date_format)}`, 400, 75).text(`Currency: ${currency}`, 400, 90);
  if (order.description) doc.text(doc.splitTextToSize(String(order.description), 520) as string[], 40, 115);
  const header = (y: number) => doc.setFontSize(9).text("Line", 40, y).text("Description", 75, y).text("Qty", 330, y).text("Unit price", 390, y).text("Amount", 490, y);
  let y = 150;
  header(y);
  y += 16;
  for (const line of lines) {
    if (y > pageBottom) {
      doc.addPage();
      header(50);
      y = 66;
    }
    doc.text(String(line.line), 40, y).text(line.description.slice(0, 50), 75, y).text(line.quantity, 330, y)
      .text(formatMoney(line.unit_price, currency), 390, y).text(formatMoney(line.amount, currency), 490, y);
    y += 14;
  }
  doc.line(40, y, 570, y).setFontSize(11).text(`Total: ${formatMoney(String(order.amount), currency)}`, 440, y + 18);
  return Buffer.from(doc.output("arraybuffer"));
}
