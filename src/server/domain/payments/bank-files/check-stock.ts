/**
 * A check laid out for standard top-check stock (US letter: the check in the top 3.5 inches, two
 * remittance stubs below), with its MICR line in E-13B (the GnuMICR font, GPL-2, shipped in
 * assets/fonts/gnumicr with its licence and source: docs/payments.md "Checks on stock").
 *
 * The MICR line follows ANSI X9.100-160 positions, counted in 1/8-inch characters leftwards from a
 * point 5/16 inch from the check's right edge, with the characters' bottom 3/16 inch above its
 * bottom edge (inside the 5/8-inch clear band, where nothing else is printed):
 *   auxiliary on-us (the check number, between on-us symbols) ending at position 45,
 *   transit (the routing number between transit symbols) at positions 43–33,
 *   on-us (the account number, closed by an on-us symbol) ending at position 14;
 *   positions 12–1 are the amount field, left blank for the bank of first deposit.
 * GnuMICR draws the E-13B digits at 0–9, the transit symbol at A, amount B, on-us C, dash D.
 */
import fs from "node:fs";
import path from "node:path";
import { jsPDF } from "jspdf";
import { formatDate } from "../../../../framework/dates.js";
import { formatMoney } from "../../../../framework/money.js";
import { projectRoot } from "../../../paths.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { amountInWords } from "../amount-words.js";
import type { PaymentDetails } from "../payment-documents.js";

export const micrFontFile = path.join(projectRoot, "assets", "fonts", "gnumicr", "GnuMICR.ttf");
let micrFont: string | undefined;
const micrFontBase64 = () => (micrFont ??= fs.readFileSync(micrFontFile).toString("base64"));

const inch = 72;
const pageWidth = 8.5 * inch;
const checkHeight = 3.5 * inch;
/** E-13B: 8 characters per inch; GnuMICR's advance is 751/1000 em, so 12 pt gives the 0.125-inch pitch */
const micrPitch = inch / 8;
const micrSize = micrPitch / 0.751;

/** The MICR fields as GnuMICR text: auxiliary on-us, transit, on-us. */
export function micrFields(checkNumber: number, routing: string, account: string): { auxiliary: string; transit: string; onUs: string } {
  return { auxiliary: `C${String(checkNumber).padStart(6, "0")}C`, transit: `A${routing}A`, onUs: `${account.replace(/\D/g, "")}C` };
}

/** The x (pt) of the left edge of MICR position `p` (positions count leftwards from 5/16 inch inside the right edge). */
const micrX = (p: number) => pageWidth - (5 / 16) * inch - p * micrPitch;

export interface CheckStock {
  check_number: number;
  /** the originating account the check is drawn on */
  from: Row;
}

/** The check PDF (GET /api/payments/{id}/check.pdf and /api/checks/{id}/check.pdf). */
export function checkStockPdf(ctx: Ctx, details: PaymentDetails, stock: CheckStock): Buffer {
  const { payment, vendor, method, invoices } = details;
  const { from } = stock;
  const currency = String(payment.currency_code);
  const date = formatDate(String(payment.payment_date), ctx.company.company_date_format);
  const doc = new jsPDF({ orientation: "portrait", unit: "pt", format: "letter" });
  doc.addFileToVFS("GnuMICR.ttf", micrFontBase64());
  doc.addFont("GnuMICR.ttf", "GnuMICR", "normal");
  const payee = String(method?.account_name ?? vendor.name);
  const address = [method?.address1, [method?.city, method?.state, method?.zipcode].filter(Boolean).join(" "), method?.country].filter(Boolean).map(String);
  const number = String(stock.check_number);

  // the check (top 3.5 inches)
  doc.setFont("helvetica", "bold").setFontSize(12).text(ctx.company.name, 36, 40);
  doc.setFont("helvetica", "normal").setFontSize(9).text(String(from.bank_name ?? from.name ?? ""), 250, 40);
  doc.setFont("helvetica", "bold").setFontSize(12).text(number, 576, 40, { align: "right" });
  doc.setFont("helvetica", "normal").setFontSize(10).text(`Date ${date}`, 576, 66, { align: "right" });
  doc.setFontSize(8).text("PAY TO THE", 36, 98).text("ORDER OF", 36, 107);
  doc.setFontSize(11).text(payee, 90, 106);
  doc.line(88, 110, 440, 110);
  doc.rect(456, 92, 120, 22);
  doc.setFontSize(11).text(formatMoney(String(payment.amount), currency), 570, 107, { align: "right" });
  doc.setFontSize(9).text(`${amountInWords(String(payment.amount))} ${currency}`.slice(0, 110), 36, 134);
  doc.line(36, 138, 576, 138);
  address.forEach((line, i) => doc.text(line, 90, 154 + i * 11));
  doc.setFontSize(7).text("VOID AFTER 90 DAYS", 576, 126, { align: "right" });
  doc.setFontSize(8).text(`Memo: ${String(payment.description ?? invoices.map((i) => i.number).join(", ")).slice(0, 70)}`, 36, 198);
  doc.line(380, 192, 576, 192).setFontSize(7).text("AUTHORIZED SIGNATURE", 478, 200, { align: "center" });

  // the MICR line: nothing else is printed in the clear band (the bottom 5/8 inch of the check)
  const micr = micrFields(stock.check_number, String(from.routing ?? ""), String(from.account_number ?? ""));
  const baseline = checkHeight - (3 / 16) * inch;
  doc.setFont("GnuMICR", "normal").setFontSize(micrSize);
  doc.text(micr.auxiliary, micrX(45 + micr.auxiliary.length - 1), baseline);
  doc.text(micr.transit, micrX(43), baseline);
  doc.text(micr.onUs, micrX(14 + micr.onUs.length - 1), baseline);
  doc.setFont("helvetica", "normal");

  // two stubs: the vendor's remittance advice, then the company's copy
  const stub = (top: number, title: string) => {
    doc.setLineDashPattern([3, 3], 0).line(18, top, 594, top).setLineDashPattern([], 0);
    doc.setFontSize(10).text(`${title} - ${vendor.name}`, 36, top + 22);
    doc.setFontSize(8).text(`Check ${number} | Payment ${String(payment.payment_number)} | ${date} | ${formatMoney(String(payment.amount), currency)}`, 36, top + 36);
    doc.text("Invoice", 36, top + 54).text("Invoice date", 250, top + 54).text("Amount paid", 576, top + 54, { align: "right" });
    const rows = Math.floor((3.75 * inch - 80) / 11);
    invoices.slice(0, rows).forEach((invoice, i) => {
      const y = top + 66 + i * 11;
      doc.text(invoice.number, 36, y).text(formatDate(invoice.date, ctx.company.company_date_format), 250, y).text(formatMoney(invoice.amount, currency), 576, y, { align: "right" });
    });
    if (invoices.length > rows) doc.text(`and ${invoices.length - rows} more invoices (see the remittance advice)`, 36, top + 66 + rows * 11);
  };
  stub(checkHeight, "Remittance advice");
  stub(checkHeight + 3.75 * inch, "Company copy");
  return Buffer.from(doc.output("arraybuffer"));
}
