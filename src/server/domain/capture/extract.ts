/**
 * Reading an invoice's fields from its words (docs/capture.md "How fields are read"). Label-driven
 * and general: each field has the wordings invoices use for its label; a value is taken from the
 * label's own cell (after a colon), the next cell to its right, or the cell just below it, and must
 * parse as that field's kind of value. Every field comes with a confidence and the box it was read
 * from. A learned layout's rules (layouts.ts) are tried first.
 */
import { createHash } from "node:crypto";
import dayjs from "dayjs";
import { currencyIn, dayOrderOf, parseDate, parseDocNumber, parseMoney, parseTerms, type DayOrder } from "./values.js";
import { linesOf, union, type Box, type Line, type ReadDocument, type Segment } from "./words.js";

export const fieldNames = ["number", "date", "due_date", "terms", "currency", "total", "tax", "po_number"] as const;
export type FieldName = (typeof fieldNames)[number];

export interface ReadField {
  value: string;
  /** 0–1 */
  confidence: number;
  box?: Box;
  /** the label it was read by (its normalised wording) */
  label?: string;
  /** where the value stood from its label */
  where?: Where;
  /** read by a learned layout rule */
  learned?: boolean;
}

export interface ReadLine {
  description: string;
  quantity?: string;
  unit_price?: string;
  amount: string;
  box: Box;
}

export interface Extraction {
  fields: Partial<Record<FieldName, ReadField>>;
  lines: ReadLine[];
  document_type: "INVOICE" | "CREDIT_MEMO";
  layout_key: string;
  labels: string[];
  text: string;
}

export type Where = "same" | "right" | "below";

/** A learned rule: the value of `field` stands `where` from the cell whose wording starts with `label`. */
export interface LayoutRule {
  label: string;
  where: Where;
}
export type LayoutRules = Partial<Record<FieldName, LayoutRule>> & { day_order?: DayOrder };

type Parser = (text: string, order: DayOrder) => string | undefined;

interface FieldSpec {
  /** label wordings, most specific first; the weight says how sure a label alone makes the reading */
  labels: readonly (readonly [string, number])[];
  /** wordings that start like a label of this field but name something else */
  not?: readonly string[];
  parse: Parser;
}

const money: Parser = (t) => parseMoney(t);
const date: Parser = (t, order) => parseDate(t, order);
const docNumber: Parser = (t) => parseDocNumber(t);

const specs: Record<Exclude<FieldName, "currency">, FieldSpec> = {
  number: {
    labels: [
      ["invoice number", 1], ["invoice no", 1], ["invoice #", 1], ["invoice num", 1], ["invoice id", 1], ["invoice ref", 0.95], ["inv no", 1], ["inv #", 1], ["inv number", 1],
      ["credit memo number", 1], ["credit memo no", 1], ["credit memo #", 1], ["credit note number", 1], ["credit note no", 1], ["credit note #", 1], ["memo #", 0.9],
      ["bill number", 0.95], ["bill no", 0.95], ["document number", 0.9], ["document no", 0.9], ["doc no", 0.85], ["invoice", 0.8], ["number", 0.6], ["no", 0.5],
    ],
    not: ["invoice date", "invoice total", "invoice amount", "invoice to", "invoice period", "number of"],
    parse: docNumber,
  },
  date: {
    labels: [
      ["invoice date", 1], ["date of invoice", 1], ["inv date", 1], ["credit memo date", 1], ["credit note date", 1], ["date of issue", 1], ["issue date", 1], ["date issued", 1],
      ["issued on", 0.95], ["issued", 0.9], ["billing date", 0.95], ["bill date", 0.95], ["document date", 0.95], ["tax point", 0.8], ["dated", 0.9], ["date", 0.8],
    ],
    not: ["due date", "date due", "order date", "ship date", "delivery date", "date shipped", "po date"],
    parse: date,
  },
  due_date: {
    labels: [["due date", 1], ["payment due date", 1], ["payment due", 1], ["date due", 1], ["due by", 1], ["pay by", 1], ["please pay by", 1], ["due on", 0.95], ["due", 0.85]],
    parse: date,
  },
  terms: {
    labels: [["payment terms", 1], ["terms of payment", 1], ["terms", 0.95], ["payment", 0.6]],
    parse: (t) => (parseTerms(t) === undefined ? undefined : t.trim()),
  },
  total: {
    labels: [
      ["total amount due", 1], ["total due", 1], ["amount due", 1], ["balance due", 1], ["invoice total", 1], ["grand total", 1], ["total amount", 0.95], ["amount payable", 1],
      ["total payable", 1], ["please pay", 0.95], ["total to pay", 1], ["credit total", 1], ["total credit", 1], ["credit amount", 0.95], ["net amount due", 1],
      ["total incl", 0.95], ["total inc", 0.95], ["total usd", 0.95], ["total eur", 0.95], ["total gbp", 0.95], ["total", 0.85], ["amount", 0.5], ["balance", 0.6],
    ],
    not: ["subtotal", "sub total", "sub-total", "total tax", "tax total", "total qty", "total quantity", "total vat", "total excl", "total before", "total net", "total items", "amount paid", "total paid", "balance forward", "previous balance"],
    parse: money,
  },
  tax: {
    labels: [["sales tax", 1], ["tax amount", 1], ["total tax", 1], ["tax total", 1], ["vat amount", 1], ["total vat", 1], ["vat", 0.9], ["gst", 0.9], ["hst", 0.9], ["tax", 0.9]],
    not: ["tax id", "tax no", "tax number", "tax exempt", "tax point", "vat no", "vat number", "vat reg", "vat id", "gst no", "gst number", "taxable"],
    parse: money,
  },
  po_number: {
    labels: [
      ["purchase order number", 1], ["purchase order no", 1], ["purchase order #", 1], ["purchase order", 0.95], ["p o number", 1], ["p o no", 1], ["p o #", 1], ["p o", 0.9],
      ["po number", 1], ["po no", 1], ["po #", 1], ["po ref", 1], ["po reference", 1], ["customer po", 1], ["your po", 1], ["your order", 0.9], ["order number", 0.85], ["order no", 0.85], ["order #", 0.85], ["po", 0.9],
    ],
    not: ["po box", "p o box", "order date"],
    parse: docNumber,
  },
};

/** A cell's wording for label matching: lower case, `#` a word of its own, no colons or dots. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/#/g, " # ").replace(/[.:]/g, " ").replace(/[()]/g, " ").replace(/\s+/g, " ").trim();
}

interface LabelHit {
  weight: number;
  label: string;
  /** the words of the cell after the label: a value in the same cell */
  rest: string;
  restBox?: Box;
}

/** Does `segment` start with one of `spec`'s labels (and none of its look-alikes)? */
function labelHit(segment: Segment, spec: FieldSpec): LabelHit | undefined {
  const norm = normalise(segment.text);
  if (spec.not?.some((n) => norm.startsWith(n))) return undefined;
  for (const [label, weight] of spec.labels) {
    if (norm !== label && !norm.startsWith(`${label} `)) continue;
    // the words of the label, counted in the cell's own words, leave the rest as a value in the same cell
    const labelWords = label.split(" ").filter((w) => w !== "").length;
    let consumed = 0;
    let index = 0;
    while (index < segment.words.length && consumed < labelWords) {
      consumed += normalise(segment.words[index].text).split(" ").filter((w) => w !== "").length;
      index += 1;
    }
    const restWords = segment.words.slice(index);
    const rest = restWords.map((w) => w.text).join(" ").replace(/^[:#\s]+/, "").replace(/^(no|nr)\.?\s*[:#]?\s*/i, "");
    return { weight, label, rest, restBox: restWords.length ? union(restWords) : undefined };
  }
  return undefined;
}

interface Candidate {
  field: ReadField;
  score: number;
}

/** The cell right of `seg` on its line and the cells just below it that overlap it horizontally. */
function neighbours(seg: Segment, lines: readonly Line[]): { right?: Segment; below: Segment[] } {
  const line = lines[seg.line];
  const right = line.segments.find((s) => s.x0 >= seg.x1 - 0.001);
  const below: Segment[] = [];
  for (let i = seg.line + 1; i < lines.length && i <= seg.line + 2; i++) {
    if (lines[i].page !== seg.page) break;
    // a gap of more than a few lines is no longer "just below"
    if (lines[i].y0 - seg.y1 > (seg.y1 - seg.y0) * 4) break;
    const hit = lines[i].segments.find((s) => s.x0 < seg.x1 + 0.01 && s.x1 > seg.x0 - 0.01);
    if (hit) {
      below.push(hit);
      break;
    }
  }
  return { right, below };
}

function valueAt(seg: Segment, where: Where, hit: LabelHit, lines: readonly Line[], parse: Parser, order: DayOrder): { value: string; box: Box; conf: number } | undefined {
  if (where === "same") {
    const value = hit.rest ? parse(hit.rest, order) : undefined;
    return value !== undefined && hit.restBox ? { value, box: hit.restBox, conf: seg.conf } : undefined;
  }
  const { right, below } = neighbours(seg, lines);
  const cells = where === "right" ? (right ? [right] : []) : below;
  for (const cell of cells) {
    const value = parse(cell.text, order);
    if (value !== undefined) return { value, box: { ...cell, page: cell.page }, conf: cell.conf };
  }
  return undefined;
}

const whereWeight: Record<Where, number> = { same: 1, right: 0.97, below: 0.9 };

function boxOf(b: Box): Box {
  return { page: b.page, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 };
}

/** Every labelled reading of one field in the document, best first. */
function candidates(name: Exclude<FieldName, "currency">, lines: readonly Line[], order: DayOrder): Candidate[] {
  const spec = specs[name];
  const found: Candidate[] = [];
  for (const line of lines) {
    for (const seg of line.segments) {
      const hit = labelHit(seg, spec);
      if (!hit) continue;
      for (const where of ["same", "right", "below"] as const) {
        const read = valueAt(seg, where, hit, lines, spec.parse, order);
        if (!read) continue;
        const score = hit.weight * whereWeight[where] * (0.5 + 0.5 * read.conf);
        found.push({ field: { value: read.value, confidence: Math.min(0.99, score), box: boxOf(read.box), label: hit.label, where }, score });
        break;
      }
    }
  }
  // totals: the last of equally good readings is the one to pay (a summary after the lines)
  return found.sort((a, b) => b.score - a.score || (name === "total" ? (b.field.box!.page - a.field.box!.page) || (b.field.box!.y0 - a.field.box!.y0) : 0));
}

/** The wordings on the document that are labels of any field: the layout's fingerprint. */
function labelsOf(lines: readonly Line[]): string[] {
  const labels = new Set<string>();
  for (const line of lines) {
    for (const seg of line.segments) {
      for (const spec of Object.values(specs)) {
        const hit = labelHit(seg, spec);
        if (hit && hit.weight >= 0.85) labels.add(hit.label);
      }
      const colon = /^([A-Za-z][A-Za-z .#/]{1,30}):/.exec(seg.text);
      if (colon) labels.add(normalise(colon[1]));
    }
  }
  return [...labels].sort();
}

/** Read a field by a learned rule: the cell whose wording starts with the rule's label, the value where the rule says. */
function byRule(name: FieldName, rule: LayoutRule, lines: readonly Line[], order: DayOrder): ReadField | undefined {
  const parse: Parser = name === "currency" ? (t) => currencyIn(t) : specs[name].parse;
  for (const line of lines) {
    for (const seg of line.segments) {
      const norm = normalise(seg.text);
      if (norm !== rule.label && !norm.startsWith(`${rule.label} `)) continue;
      const hit = labelHit(seg, { labels: [[rule.label, 1]], parse }) ?? { weight: 1, label: rule.label, rest: "" };
      const read = valueAt(seg, rule.where, hit, lines, parse, order);
      if (read) return { value: read.value, confidence: 0.99, box: boxOf(read.box), label: rule.label, where: rule.where, learned: true };
    }
  }
  return undefined;
}

const headerWords: Record<"description" | "quantity" | "unit_price" | "amount", readonly string[]> = {
  description: ["description", "item", "items", "product", "service", "details", "particulars"],
  quantity: ["qty", "quantity", "units", "hours", "hrs"],
  unit_price: ["unit price", "price", "rate", "unit cost", "each", "price each"],
  amount: ["amount", "total", "line total", "ext price", "extended", "net amount", "value"],
};

/** Line items under a table header (description + amount columns at least), up to the first summary line. */
function tableLines(lines: readonly Line[], order: DayOrder): ReadLine[] {
  const items: ReadLine[] = [];
  for (let h = 0; h < lines.length; h++) {
    const cols: Partial<Record<keyof typeof headerWords, Segment>> = {};
    for (const seg of lines[h].segments) {
      const norm = normalise(seg.text);
      for (const [col, words] of Object.entries(headerWords) as [keyof typeof headerWords, readonly string[]][]) {
        if (!cols[col] && words.includes(norm)) cols[col] = seg;
      }
    }
    if (!cols.description || !cols.amount || Object.keys(cols).length < 3) continue;
    const columnOf = (seg: Segment) => {
      const mid = (seg.x0 + seg.x1) / 2;
      let best: keyof typeof headerWords | undefined;
      let distance = Infinity;
      for (const [col, head] of Object.entries(cols) as [keyof typeof headerWords, Segment][]) {
        // numbers align right under their header, text left
        const d = col === "description" ? Math.abs(seg.x0 - head.x0) : Math.min(Math.abs(seg.x1 - head.x1), Math.abs(mid - (head.x0 + head.x1) / 2));
        if (d < distance) {
          distance = d;
          best = col;
        }
      }
      return best;
    };
    for (let i = h + 1; i < lines.length; i++) {
      const norm = normalise(lines[i].text);
      if (/^(sub ?-?total|total|tax|vat|amount due|balance|notes?|thank)/.test(norm) || lines[i].segments.some((s) => /^(sub ?-?total|total)/.test(normalise(s.text)))) break;
      const row: Partial<Record<keyof typeof headerWords, string>> = {};
      for (const seg of lines[i].segments) {
        const col = columnOf(seg);
        if (col) row[col] = row[col] ? `${row[col]} ${seg.text}` : seg.text;
      }
      const amount = row.amount ? parseMoney(row.amount) : undefined;
      if (!row.description || amount === undefined) continue;
      const quantity = row.quantity && /^\d+(\.\d+)?$/.test(row.quantity.replace(/,/g, "")) ? row.quantity.replace(/,/g, "") : undefined;
      items.push({ description: row.description, quantity, unit_price: row.unit_price ? parseMoney(row.unit_price) : undefined, amount, box: union(lines[i].segments) });
    }
    void order;
    if (items.length) return items;
  }
  return items;
}

export interface ExtractOptions {
  /** how the company writes numeric dates when the document does not tell */
  dayOrder?: DayOrder;
  /** rules learned for this vendor's layouts (tried before the general rules) */
  rules?: LayoutRules;
  /** the company's currency: a bare $ amount without a code */
  defaultCurrency?: string;
}

export function extract(doc: ReadDocument, options: ExtractOptions = {}): Extraction {
  const lines = linesOf(doc);
  const text = lines.map((l) => l.text).join("\n");
  const order = options.rules?.day_order ?? dayOrderOf(text, options.dayOrder ?? "MDY");
  const fields: Extraction["fields"] = {};
  for (const name of Object.keys(specs) as Exclude<FieldName, "currency">[]) {
    const rule = options.rules?.[name];
    const learned = rule ? byRule(name, rule, lines, order) : undefined;
    const best = learned ?? candidates(name, lines, order)[0]?.field;
    if (best) fields[name] = best;
  }
  // a due date from the terms when none is printed
  if (!fields.due_date && fields.date && fields.terms) {
    const days = parseTerms(fields.terms.value);
    if (days !== undefined) fields.due_date = { value: dayjs(fields.date.value).add(days, "day").format("YYYY-MM-DD"), confidence: Math.min(fields.date.confidence, fields.terms.confidence), box: fields.terms.box, label: fields.terms.label, where: fields.terms.where };
  }
  // the currency named beside the total, else anywhere on the document, else a bare $ in the company's currency
  const totalLine = fields.total?.box ? lines.find((l) => l.page === fields.total!.box!.page && l.y0 <= fields.total!.box!.y1 && l.y1 >= fields.total!.box!.y0) : undefined;
  const near = totalLine ? currencyIn(totalLine.text) : undefined;
  const anywhere = currencyIn(text);
  const currency = near ?? anywhere ?? (/\$/.test(text) ? options.defaultCurrency : undefined);
  if (currency) fields.currency = { value: currency, confidence: near ? 0.95 : anywhere ? 0.85 : 0.6, box: near ? fields.total?.box : undefined };
  const labels = labelsOf(lines);
  const document_type = /\bcredit (memo|note)\b/i.test(lines.slice(0, 12).map((l) => l.text).join(" ")) ? "CREDIT_MEMO" : "INVOICE";
  return { fields, lines: tableLines(lines, order), document_type, layout_key: layoutKeyOf(labels), labels, text };
}

export const layoutKeyOf = (labels: readonly string[]) => createHash("sha1").update(labels.join("|")).digest("hex").slice(0, 16);

/** How alike two layouts' label sets are (Jaccard): a learned rule applies to a layout close enough to the one it was learned on. */
export function layoutSimilarity(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const common = b.filter((x) => setA.has(x)).length;
  const all = new Set([...a, ...b]).size;
  return all === 0 ? 0 : common / all;
}

/**
 * What a correction teaches: where on the document the corrected value stands and the label that
 * names it (its own cell's wording before it, the cell to its left, or the cell above), as a rule
 * for the next invoice of the layout; undefined when the value is nowhere on the document.
 */
export function learnRule(doc: ReadDocument, name: FieldName, value: string, options: ExtractOptions = {}): LayoutRule | undefined {
  const lines = linesOf(doc);
  const order = dayOrderOf(lines.map((l) => l.text).join("\n"), options.dayOrder ?? "MDY");
  const base: Parser = name === "currency" ? (t) => currencyIn(t) : specs[name].parse;
  // a corrected date may be one the document's day-month order misread: either order finds it
  const parse = (t: string) => (base(t, order) === value || base(t, order === "MDY" ? "DMY" : "MDY") === value ? value : base(t, order));
  const isLabel = (text: string) => /[A-Za-z]{2}/.test(text) && parse(text) === undefined;
  for (const line of lines) {
    for (const seg of line.segments) {
      // the value at the end of its own cell, after a label
      for (let k = 1; k < seg.words.length; k++) {
        const tail = seg.words.slice(k).map((w) => w.text).join(" ");
        const head = seg.words.slice(0, k).map((w) => w.text).join(" ");
        if (parse(tail) === value && isLabel(head)) return { label: normalise(head), where: "same" };
      }
      if (parse(seg.text) !== value) continue;
      const left = [...line.segments].reverse().find((s) => s.x1 <= seg.x0 + 0.001);
      if (left && isLabel(left.text)) return { label: normalise(left.text), where: "right" };
      for (let i = seg.line - 1; i >= 0 && i >= seg.line - 2; i--) {
        const above = lines[i].segments.find((s) => s.x0 < seg.x1 + 0.01 && s.x1 > seg.x0 - 0.01);
        if (above && lines[i].page === seg.page && isLabel(above.text)) return { label: normalise(above.text), where: "below" };
      }
    }
  }
  return undefined;
}

/** The day-month order a corrected date shows, when the document's numeric dates read it only one way. */
export function learnDayOrder(doc: ReadDocument, isoDate: string): DayOrder | undefined {
  const text = linesOf(doc).map((l) => l.text).join("\n");
  for (const m of text.matchAll(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g)) {
    const mdy = parseDate(m[0], "MDY");
    const dmy = parseDate(m[0], "DMY");
    if (mdy === dmy) continue;
    if (dmy === isoDate) return "DMY";
    if (mdy === isoDate) return "MDY";
  }
  return undefined;
}

/** The rules a set of corrections teaches (merged into what the layout already knew). */
export function learn(doc: ReadDocument, corrections: Partial<Record<FieldName, string>>, known: LayoutRules = {}, options: ExtractOptions = {}): LayoutRules {
  const rules: LayoutRules = { ...known };
  for (const [name, value] of Object.entries(corrections) as [FieldName, string][]) {
    if (!value) continue;
    const rule = learnRule(doc, name, value, options);
    if (rule) rules[name] = rule;
    if (name === "date" || name === "due_date") rules.day_order = learnDayOrder(doc, value) ?? rules.day_order;
  }
  return rules;
}
