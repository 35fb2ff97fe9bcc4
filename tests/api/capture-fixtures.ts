/** Invoice capture in tests: invoices drawn by the corpus generator, and the bad files capture must refuse. */
import { jsPDF } from "jspdf";
import { zipSync } from "fflate";
import { drawInvoice, layouts, type CorpusVendor, type Truth } from "../bench/capture-corpus.js";

/** A vendor as its letterhead prints it: another name and web domain than its record, no tax id (only the sender's domain tells it). */
export const letterhead: CorpusVendor = { name: "BHT Logistics Division", taxId: "", domain: "bht-docs.example", street: "9 Quay Street, Boston, MA 02110" };

export function invoicePdf(truth: Partial<Truth> & { number: string; total: string }, layout = "classic", vendor: CorpusVendor = letterhead): Buffer {
  const full: Truth = { vendor: vendor.name, date: "2026-03-14", due_date: "2026-04-13", tax: "0.00", po_number: "", currency: "USD", lines: 1, ...truth };
  const amount = Math.round(Number(full.total) * 100) - Math.round(Number(full.tax) * 100);
  return drawInvoice(layouts.find((l) => l.name === layout)!, vendor, full, [{ description: "Freight and handling", qty: 1, price: amount, amount }], false, "Acme Corp");
}

/** A PDF of `pages` pages. */
export function longPdf(pages: number): Buffer {
  const doc = new jsPDF({ unit: "pt", format: "letter" });
  for (let i = 1; i <= pages; i++) {
    if (i > 1) doc.addPage();
    doc.text(`Page ${i} of a very long statement`, 40, 60);
  }
  return Buffer.from(doc.output("arraybuffer"));
}

export function encryptedPdf(): Buffer {
  const doc = new jsPDF({ unit: "pt", format: "letter", encryption: { userPassword: "secret", ownerPassword: "owner", userPermissions: ["print"] } });
  doc.text("Invoice No: SEALED-1  Total Due: $10.00", 40, 60);
  return Buffer.from(doc.output("arraybuffer"));
}

/** A PDF whose body is cut off and garbled. */
export const corruptPdf = (): Buffer => Buffer.concat([invoicePdf({ number: "CUT-1", total: "1.00" }).subarray(0, 400), Buffer.from("\u0000garbage\u0000".repeat(50), "latin1")]);

/** The header of a PNG of 20,000 × 20,000 pixels (its pixels never come: it must be refused before decoding). */
export function hugePng(): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const size = Buffer.alloc(8);
  size.writeUInt32BE(20000, 0);
  size.writeUInt32BE(20000, 4);
  return Buffer.concat([header, size, Buffer.from([8, 2, 0, 0, 0]), Buffer.alloc(4), Buffer.alloc(1000)]);
}

/** A zip of 64 MB of zeros squeezed into a few kilobytes. */
export const zipBomb = (): Buffer => Buffer.from(zipSync({ "invoice.pdf": new Uint8Array(64 * 1024 * 1024) }, { level: 9 }));

/** A Windows executable. */
export const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(4096)]);
