/**
 * The invoice corpus of the capture bench and tests (docs/capture.md "Bench"): invoices drawn with
 * jspdf in layouts that differ in letterhead, label wording, label/value arrangement, date format,
 * amount format, table columns and terms; some run to two pages, some are credit memos; scanned
 * variants are rasterised, turned up to 2°, blurred and speckled, then saved as an image-only PDF or
 * a PNG. Deterministic for a seed. The truth of every document comes with it.
 */
import { jsPDF } from "jspdf";

export interface CorpusVendor {
  name: string;
  taxId: string;
  domain: string;
  street: string;
}

export const corpusVendors: readonly CorpusVendor[] = [
  { name: "Northwind Traders LLC", taxId: "12-3456789", domain: "northwind-traders.com", street: "410 Harbor Way, Seattle, WA 98101" },
  { name: "Globex Industrial Supply", taxId: "23-4567890", domain: "globex-supply.com", street: "88 Mill Road, Dayton, OH 45402" },
  { name: "Initech Office Solutions", taxId: "34-5678901", domain: "initech.io", street: "1 Initech Plaza, Austin, TX 78701" },
  { name: "Umbrella Lab Services Ltd", taxId: "GB123456789", domain: "umbrella-labs.co.uk", street: "5 Raccoon Street, Leeds LS1 4AP" },
  { name: "Stark Precision Parts", taxId: "45-6789012", domain: "starkparts.com", street: "200 Park Ave, New York, NY 10166" },
  { name: "Wayne Facility Services", taxId: "56-7890123", domain: "waynefacilities.net", street: "1007 Mountain Drive, Gotham, NJ 07001" },
  { name: "Cyberdyne Systems GmbH", taxId: "DE811234567", domain: "cyberdyne.de", street: "Hauptstrasse 12, 10115 Berlin" },
  { name: "Soylent Catering Co", taxId: "67-8901234", domain: "soylentcatering.com", street: "77 Green Blvd, Portland, OR 97201" },
  { name: "Tyrell Freight & Logistics", taxId: "78-9012345", domain: "tyrell-freight.com", street: "2019 Spinner Ave, Los Angeles, CA 90012" },
  { name: "Hooli Cloud Services Inc", taxId: "89-0123456", domain: "hooli.xyz", street: "1 Hooli Way, Palo Alto, CA 94301" },
  { name: "Vandelay Imports", taxId: "90-1234567", domain: "vandelay-imports.com", street: "129 West 81st St, New York, NY 10024" },
  { name: "Acme Paper Products", taxId: "98-7654321", domain: "acmepaper.com", street: "3 Roadrunner Ln, Phoenix, AZ 85001" },
];

type DateFormat = "MDY" | "DMY" | "ISO" | "LONG" | "DOT" | "DMON";
type Arrangement = "inline" | "columns" | "stacked";

interface Layout {
  name: string;
  font: "helvetica" | "times" | "courier";
  title: string;
  creditTitle: string;
  vendorAt: "left" | "right";
  metaAt: "left" | "right";
  arrangement: Arrangement;
  labels: { number: string; date: string; due: string; po: string; subtotal: string; tax: string; total: string; terms: string };
  date: DateFormat;
  money: "us" | "eu" | "code";
  /** due date printed, or terms only */
  due: "date" | "terms";
  columns: readonly [string, string, string, string];
  currency: string;
}

export const layouts: readonly Layout[] = [
  { name: "classic", font: "helvetica", title: "INVOICE", creditTitle: "CREDIT MEMO", vendorAt: "left", metaAt: "right", arrangement: "inline", labels: { number: "Invoice No:", date: "Invoice Date:", due: "Due Date:", po: "PO Number:", subtotal: "Subtotal", tax: "Sales Tax", total: "Total Due", terms: "Terms:" }, date: "MDY", money: "us", due: "date", columns: ["Description", "Qty", "Unit Price", "Amount"], currency: "USD" },
  { name: "columns", font: "helvetica", title: "Invoice", creditTitle: "Credit Memo", vendorAt: "left", metaAt: "right", arrangement: "columns", labels: { number: "Invoice #", date: "Date", due: "Payment Due", po: "P.O. #", subtotal: "Sub Total", tax: "Tax", total: "Amount Due", terms: "Terms" }, date: "MDY", money: "us", due: "date", columns: ["Item", "Quantity", "Rate", "Total"], currency: "USD" },
  { name: "stacked", font: "times", title: "TAX INVOICE", creditTitle: "CREDIT NOTE", vendorAt: "right", metaAt: "left", arrangement: "stacked", labels: { number: "Invoice Number", date: "Issue Date", due: "Due By", po: "Purchase Order", subtotal: "Net", tax: "VAT", total: "Total Payable", terms: "Payment Terms" }, date: "DMY", money: "code", due: "date", columns: ["Description", "Qty", "Price", "Amount"], currency: "GBP" },
  { name: "euro", font: "helvetica", title: "RECHNUNG / INVOICE", creditTitle: "CREDIT NOTE", vendorAt: "left", metaAt: "right", arrangement: "columns", labels: { number: "Invoice no.", date: "Invoice date", due: "Due date", po: "Your order", subtotal: "Net amount", tax: "VAT 19%", total: "Total EUR", terms: "Terms" }, date: "DOT", money: "eu", due: "date", columns: ["Description", "Qty", "Unit price", "Amount"], currency: "EUR" },
  { name: "courier", font: "courier", title: "BILL", creditTitle: "CREDIT MEMO", vendorAt: "left", metaAt: "left", arrangement: "inline", labels: { number: "Bill No:", date: "Bill Date:", due: "Terms:", po: "Customer PO:", subtotal: "Subtotal:", tax: "Tax:", total: "Balance Due:", terms: "Terms:" }, date: "ISO", money: "us", due: "terms", columns: ["Details", "Hours", "Rate", "Amount"], currency: "USD" },
  { name: "long-dates", font: "times", title: "Invoice", creditTitle: "Credit Memo", vendorAt: "right", metaAt: "right", arrangement: "columns", labels: { number: "Invoice ID", date: "Dated", due: "Date Due", po: "PO Ref", subtotal: "Subtotal", tax: "GST", total: "Grand Total", terms: "Terms" }, date: "LONG", money: "us", due: "date", columns: ["Product", "Units", "Unit Cost", "Line Total"], currency: "CAD" },
  { name: "dmon", font: "helvetica", title: "INVOICE", creditTitle: "CREDIT MEMO", vendorAt: "left", metaAt: "right", arrangement: "stacked", labels: { number: "Inv No", date: "Inv Date", due: "Due", po: "PO No", subtotal: "Sub-total", tax: "Tax Amount", total: "Invoice Total", terms: "Terms" }, date: "DMON", money: "us", due: "date", columns: ["Service", "Qty", "Rate", "Amount"], currency: "USD" },
  { name: "terms-net", font: "helvetica", title: "Invoice", creditTitle: "Credit Memo", vendorAt: "left", metaAt: "right", arrangement: "inline", labels: { number: "Invoice Number:", date: "Date of Invoice:", due: "Payment Terms:", po: "Purchase Order No:", subtotal: "Subtotal", tax: "Tax", total: "Amount Payable", terms: "Payment Terms:" }, date: "MDY", money: "code", due: "terms", columns: ["Description", "Qty", "Each", "Amount"], currency: "USD" },
  { name: "dmy-slash", font: "times", title: "INVOICE", creditTitle: "CREDIT NOTE", vendorAt: "right", metaAt: "left", arrangement: "columns", labels: { number: "Document No", date: "Document Date", due: "Payment Due Date", po: "Order No", subtotal: "Net Total", tax: "VAT", total: "Total to Pay", terms: "Terms" }, date: "DMY", money: "us", due: "date", columns: ["Particulars", "Qty", "Rate", "Value"], currency: "AUD" },
  { name: "minimal", font: "courier", title: "INVOICE", creditTitle: "CREDIT MEMO", vendorAt: "left", metaAt: "right", arrangement: "stacked", labels: { number: "Number", date: "Date", due: "Due Date", po: "PO", subtotal: "Subtotal", tax: "Tax", total: "Total", terms: "Terms" }, date: "ISO", money: "us", due: "date", columns: ["Item", "Qty", "Price", "Amount"], currency: "USD" },
  { name: "balance", font: "helvetica", title: "STATEMENT INVOICE", creditTitle: "CREDIT MEMO", vendorAt: "right", metaAt: "right", arrangement: "inline", labels: { number: "Invoice #:", date: "Issued:", due: "Pay By:", po: "Your PO #:", subtotal: "Subtotal:", tax: "Sales Tax:", total: "Please Pay:", terms: "Terms:" }, date: "MDY", money: "us", due: "date", columns: ["Description", "Qty", "Unit Price", "Ext Price"], currency: "USD" },
  { name: "wide", font: "times", title: "Commercial Invoice", creditTitle: "Credit Note", vendorAt: "left", metaAt: "left", arrangement: "columns", labels: { number: "Invoice Ref", date: "Invoice Date", due: "Due On", po: "Customer PO", subtotal: "Subtotal", tax: "Tax Total", total: "Total Amount Due", terms: "Terms" }, date: "LONG", money: "code", due: "date", columns: ["Description", "Quantity", "Unit Price", "Amount"], currency: "USD" },
];

export interface Truth {
  vendor: string;
  number: string;
  date: string;
  due_date: string;
  total: string;
  tax: string;
  po_number: string;
  currency: string;
  lines: number;
}

export interface CorpusDoc {
  id: string;
  layout: string;
  vendor: CorpusVendor;
  kind: "text" | "scan";
  pages: number;
  credit: boolean;
  /** file name and bytes (a PDF, or a PNG for some scans) */
  fileName: string;
  bytes: Buffer;
  truth: Truth;
}

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");

function formatDate(iso: string, format: DateFormat): string {
  const [y, m, d] = iso.split("-").map(Number);
  switch (format) {
    case "MDY": return `${pad(m)}/${pad(d)}/${y}`;
    case "DMY": return `${pad(d)}/${pad(m)}/${y}`;
    case "ISO": return iso;
    case "LONG": return `${monthNames[m - 1]} ${d}, ${y}`;
    case "DOT": return `${pad(d)}.${pad(m)}.${y}`;
    case "DMON": return `${pad(d)}-${monthNames[m - 1].slice(0, 3)}-${y}`;
  }
}

function formatMoney(cents: number, style: Layout["money"], currency: string): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = pad(abs % 100);
  const group = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const text = style === "eu" ? `${group(".")},${frac}` : `${group(",")}.${frac}`;
  const signed = negative ? `-${text}` : text;
  if (style === "code") return `${currency} ${signed}`;
  if (style === "eu") return `${signed} EUR`;
  return currency === "USD" ? `$${signed}` : signed;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const items = ["Copy paper A4 80gsm", "Toner cartridge black", "Consulting services", "Freight and handling", "Server maintenance", "Safety gloves box", "Cleaning service monthly", "Catering lunch meeting", "Steel brackets 40mm", "Cloud storage plan", "Desk chair ergonomic", "Label printer rolls", "Network switch 24 port", "Courier delivery", "Software licence annual"];

export interface GenerateOptions {
  count: number;
  seed?: number;
  /** share of scanned documents (0–1) */
  scanShare?: number;
  /** the customer's name on the bill-to block */
  buyer?: string;
}

/** Draw one invoice as a text PDF. */
export function drawInvoice(layout: Layout, vendor: CorpusVendor, truth: Truth, lineItems: { description: string; qty: number; price: number; amount: number }[], credit: boolean, buyer: string): Buffer {
  const doc = new jsPDF({ unit: "pt", format: "letter" });
  const width = 612;
  doc.setFont(layout.font, "normal");
  const money = (cents: number) => formatMoney(cents, layout.money, truth.currency);
  // letterhead
  const vx = layout.vendorAt === "left" ? 40 : 330;
  doc.setFontSize(16);
  doc.setFont(layout.font, "bold");
  doc.text(vendor.name, vx, 50);
  doc.setFont(layout.font, "normal");
  doc.setFontSize(9);
  doc.text(vendor.street, vx, 64);
  doc.text(`billing@${vendor.domain}   www.${vendor.domain}`, vx, 76);
  doc.text(`Tax ID: ${vendor.taxId}`, vx, 88);
  if (layout.money === "us" && truth.currency !== "USD") doc.text(`All amounts in ${truth.currency}`, vx, 100);
  // title
  doc.setFontSize(20);
  const title = credit ? layout.creditTitle : layout.title;
  doc.text(title, layout.vendorAt === "left" ? width - 40 - doc.getTextWidth(title) : 40, 50);
  // bill to
  doc.setFontSize(10);
  const bx = layout.metaAt === "right" ? 40 : 330;
  doc.text("Bill To:", bx, 130);
  doc.text(buyer, bx, 144);
  doc.text("500 Market Street, Springfield, IL 62701", bx, 158);
  // meta block
  const mx = layout.metaAt === "right" ? 330 : 40;
  const due = layout.due === "date" ? formatDate(truth.due_date, layout.date) : `Net ${Math.round((Date.parse(truth.due_date) - Date.parse(truth.date)) / 86_400_000)}`;
  const meta: [string, string][] = [[layout.labels.number, truth.number], [layout.labels.date, formatDate(truth.date, layout.date)], [layout.labels.due, due]];
  if (truth.po_number) meta.push([layout.labels.po, truth.po_number]);
  let y = 130;
  for (const [label, value] of meta) {
    if (layout.arrangement === "inline") {
      doc.text(`${label} ${value}`, mx, y);
      y += 16;
    } else if (layout.arrangement === "columns") {
      doc.text(label, mx, y);
      doc.text(value, mx + 110, y);
      y += 16;
    } else {
      doc.setFontSize(8);
      doc.text(label.toUpperCase(), mx, y);
      doc.setFontSize(10);
      doc.text(value, mx, y + 12);
      y += 28;
    }
  }
  // lines
  const cols = [40, 330, 410, 500];
  let ty = Math.max(y, 200) + 20;
  const header = () => {
    doc.setFont(layout.font, "bold");
    doc.text(layout.columns[0], cols[0], ty);
    doc.text(layout.columns[1], cols[1], ty);
    doc.text(layout.columns[2], cols[2], ty);
    doc.text(layout.columns[3], width - 40 - doc.getTextWidth(layout.columns[3]), ty);
    doc.setFont(layout.font, "normal");
    doc.line(40, ty + 4, width - 40, ty + 4);
    ty += 18;
  };
  header();
  for (const item of lineItems) {
    if (ty > 700) {
      doc.text("Continued on next page", 40, 750);
      doc.addPage();
      ty = 60;
      header();
    }
    doc.text(item.description, cols[0], ty);
    doc.text(String(item.qty), cols[1], ty);
    doc.text(money(item.price), cols[2], ty);
    const amount = money(item.amount);
    doc.text(amount, width - 40 - doc.getTextWidth(amount), ty);
    ty += 16;
  }
  if (ty > 660) {
    doc.addPage();
    ty = 60;
  }
  // totals, right aligned
  ty += 10;
  const totals: [string, string][] = [
    [layout.labels.subtotal, money(Math.round(Number(truth.total) * 100) - Math.round(Number(truth.tax) * 100))],
    [layout.labels.tax, money(Math.round(Number(truth.tax) * 100))],
    [layout.labels.total, money(Math.round(Number(truth.total) * 100))],
  ];
  for (const [label, value] of totals) {
    if (label === layout.labels.total) doc.setFont(layout.font, "bold");
    doc.text(label, 360, ty);
    doc.text(value, width - 40 - doc.getTextWidth(value), ty);
    ty += 16;
  }
  doc.setFont(layout.font, "normal");
  doc.setFontSize(8);
  doc.text(`Please remit to ${vendor.name}, ${vendor.street}. Questions: accounts@${vendor.domain}`, 40, 760);
  return Buffer.from(doc.output("arraybuffer"));
}

/** The corpus: `count` documents over every layout and vendor, with their truth. */
export function generateCorpus(options: GenerateOptions): Omit<CorpusDoc, "bytes" | "fileName" | "kind">[] & { draw?: never } {
  const rnd = random(options.seed ?? 42);
  const docs: (Omit<CorpusDoc, "bytes" | "fileName" | "kind"> & { items: { description: string; qty: number; price: number; amount: number }[] })[] = [];
  for (let i = 0; i < options.count; i++) {
    const layout = layouts[i % layouts.length];
    // a vendor keeps its layout, as vendors do
    const vendor = corpusVendors[i % corpusVendors.length];
    const credit = rnd() < 0.08;
    const multi = rnd() < 0.12;
    const lineCount = multi ? 38 + Math.floor(rnd() * 10) : 1 + Math.floor(rnd() * 6);
    const lineItems = Array.from({ length: lineCount }, () => {
      const qty = 1 + Math.floor(rnd() * 20);
      const price = 100 + Math.floor(rnd() * 50000);
      return { description: items[Math.floor(rnd() * items.length)], qty, price, amount: (credit ? -1 : 1) * qty * price };
    });
    const sub = lineItems.reduce((s, l) => s + l.amount, 0);
    const tax = Math.round(sub * 0.075);
    const day = 1 + Math.floor(rnd() * 330);
    const date = addDays("2026-01-01", day);
    const prefix = ["INV-", "", "A", "2026/", "SI-", "#"][Math.floor(rnd() * 6)].replace("#", "");
    const number = `${prefix}${10000 + Math.floor(rnd() * 89999)}`;
    const hasPo = rnd() < 0.7;
    docs.push({
      id: `doc-${i}`, layout: layout.name, vendor, pages: 1, credit, items: lineItems,
      truth: {
        vendor: vendor.name, number, date, due_date: addDays(date, [0, 15, 30, 45, 60][Math.floor(rnd() * 5)]),
        total: ((sub + tax) / 100).toFixed(2), tax: (tax / 100).toFixed(2), po_number: hasPo ? `PO-${String(1000 + Math.floor(rnd() * 9000))}` : "",
        currency: layout.currency, lines: lineCount,
      },
    });
  }
  return docs;
}

export type PlannedDoc = ReturnType<typeof generateCorpus>[number] & { items: { description: string; qty: number; price: number; amount: number }[] };

/** Draw a planned document as a text PDF. */
export function textPdf(planned: PlannedDoc, buyer = "Outlay Demo Company"): Buffer {
  const layout = layouts.find((l) => l.name === planned.layout)!;
  return drawInvoice(layout, planned.vendor, planned.truth, planned.items, planned.credit, buyer);
}

/**
 * A scan of a text PDF: each page rasterised at about 150 dpi, turned by up to 2°, blurred a little
 * and speckled, then saved as an image-only PDF (or, `png`, the first page as a PNG).
 */
export async function scanOf(pdf: Buffer, rnd: () => number, png = false): Promise<{ bytes: Buffer; pages: number }> {
  const { getDocumentProxy, renderPageAsImage } = await import("unpdf");
  await import("../../src/server/domain/capture/read-document.js"); // its Node 20 stand-in for pdf.js
  const canvasModule = await import("@napi-rs/canvas");
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const pages: Buffer[] = [];
  for (let n = 1; n <= proxy.numPages; n++) {
    const image = await canvasModule.loadImage(Buffer.from(await renderPageAsImage(proxy, n, { canvasImport: () => import("@napi-rs/canvas"), scale: 2.1 })));
    const canvas = canvasModule.createCanvas(image.width, image.height);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, image.width, image.height);
    const angle = ((rnd() * 4 - 2) * Math.PI) / 180;
    ctx.translate(image.width / 2, image.height / 2);
    ctx.rotate(angle);
    ctx.filter = `blur(${(0.3 + rnd() * 0.5).toFixed(2)}px)`;
    ctx.drawImage(image, -image.width / 2, -image.height / 2);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.filter = "none";
    // speckle: grey dots here and there, as a copier leaves them
    const dots = Math.floor(image.width * image.height * 0.0004);
    for (let i = 0; i < dots; i++) {
      const shade = 60 + Math.floor(rnd() * 140);
      ctx.fillStyle = `rgb(${shade},${shade},${shade})`;
      ctx.fillRect(Math.floor(rnd() * image.width), Math.floor(rnd() * image.height), 1 + Math.floor(rnd() * 2), 1 + Math.floor(rnd() * 2));
    }
    pages.push(png ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg", 90));
  }
  await proxy.destroy();
  if (png) return { bytes: pages[0], pages: 1 };
  const doc = new jsPDF({ unit: "pt", format: "letter" });
  pages.forEach((jpeg, i) => {
    if (i > 0) doc.addPage();
    doc.addImage(new Uint8Array(jpeg), "JPEG", 0, 0, 612, 792);
  });
  return { bytes: Buffer.from(doc.output("arraybuffer")), pages: pages.length };
}
