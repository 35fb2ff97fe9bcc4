/**
 * npm run bench:capture [count] — the capture bench (docs/capture.md "Bench"): generates the corpus
 * (capture-corpus.ts), reads every document in the reader process exactly as the capture job does,
 * and prints per-field exact-match accuracy for text PDFs and scans, then again after one correction
 * per vendor layout (the first invoice of each layout corrected, the rest read with what it taught),
 * seconds per page by kind and the reader's peak memory.
 */
import { performance } from "node:perf_hooks";
import { extract, fieldNames, learn, type Extraction, type FieldName, type LayoutRules } from "../../src/server/domain/capture/extract.js";
import { Reader } from "../../src/server/domain/capture/reader.js";
import { matchVendor, type VendorCandidate } from "../../src/server/domain/capture/vendor-match.js";
import type { ReadDocument } from "../../src/server/domain/capture/words.js";
import { corpusVendors, generateCorpus, random, scanOf, textPdf, type PlannedDoc, type Truth } from "./capture-corpus.js";

const count = Number(process.argv[2] ?? 240);
const scanShare = Number(process.env.SCAN_SHARE ?? 0.3);
const checked = ["vendor", "number", "date", "due_date", "total", "tax", "po_number", "currency"] as const;
type Checked = (typeof checked)[number];

const vendors: VendorCandidate[] = corpusVendors.map((v, i) => ({ id: i + 1, name: v.name, tax_id: v.taxId, domains: [v.domain] }));

interface ReadDoc {
  planned: PlannedDoc;
  kind: "text" | "scan";
  doc?: ReadDocument;
  pages: number;
  seconds: number;
  failure?: string;
}

function answers(extraction: Extraction): Record<Checked, string> {
  const vendor = matchVendor(extraction.text, vendors);
  const f = extraction.fields;
  return {
    vendor: vendor ? vendors[vendor.id - 1].name : "",
    number: f.number?.value ?? "", date: f.date?.value ?? "", due_date: f.due_date?.value ?? "",
    total: f.total?.value.replace(/^-/, "") ?? "", tax: f.tax?.value.replace(/^-/, "") ?? "", po_number: f.po_number?.value ?? "", currency: f.currency?.value ?? "",
  };
}

const expected = (truth: Truth): Record<Checked, string> => ({
  vendor: truth.vendor, number: truth.number, date: truth.date, due_date: truth.due_date,
  total: truth.total.replace(/^-/, ""), tax: truth.tax.replace(/^-/, ""), po_number: truth.po_number, currency: truth.currency,
});

type Tally = Record<Checked, { right: number; all: number }>;
const tally = (): Tally => Object.fromEntries(checked.map((c) => [c, { right: 0, all: 0 }])) as Tally;

function score(t: Tally, got: Record<Checked, string>, want: Record<Checked, string>, misses?: string[], id?: string) {
  for (const c of checked) {
    t[c].all += 1;
    if (got[c] === want[c]) t[c].right += 1;
    else misses?.push(`${id} ${c}: read "${got[c]}", truth "${want[c]}"`);
  }
}

const pct = (x: { right: number; all: number }) => (x.all === 0 ? "   -  " : `${((100 * x.right) / x.all).toFixed(1).padStart(5)}%`);

function print(title: string, tallies: Record<string, Tally>) {
  console.log(`\n${title}`);
  console.log(`${"field".padEnd(10)} ${Object.keys(tallies).map((k) => k.padStart(14)).join(" ")}`);
  for (const c of checked) console.log(`${c.padEnd(10)} ${Object.values(tallies).map((t) => `${pct(t[c])} (${t[c].all})`.padStart(14)).join(" ")}`);
}

async function main() {
  const rnd = random(7);
  const plan = generateCorpus({ count }) as PlannedDoc[];
  const reader = new Reader({ timeoutSeconds: 120, maxMemoryMb: 500 });
  const reads: ReadDoc[] = [];
  const started = performance.now();
  for (const planned of plan) {
    const pdf = textPdf(planned);
    const scan = rnd() < scanShare;
    let bytes = pdf;
    if (scan) bytes = (await scanOf(pdf, rnd, planned.truth.lines < 30 && rnd() < 0.3)).bytes;
    const t0 = performance.now();
    const outcome = await reader.read(bytes);
    const seconds = (performance.now() - t0) / 1000;
    reads.push(outcome.ok
      ? { planned, kind: scan ? "scan" : "text", doc: outcome.doc, pages: outcome.doc.pages.length, seconds }
      : { planned, kind: scan ? "scan" : "text", pages: 1, seconds, failure: outcome.reason });
    if (reads.length % 20 === 0) process.stderr.write(`read ${reads.length}/${plan.length}\n`);
  }
  const misses: string[] = [];
  const first: Record<string, Tally> = { text: tally(), scan: tally() };
  for (const read of reads) {
    const got = read.doc ? answers(extract(read.doc, { defaultCurrency: "USD" })) : (Object.fromEntries(checked.map((c) => [c, ""])) as Record<Checked, string>);
    score(first[read.kind], got, expected(read.planned.truth), misses, `${read.planned.id} (${read.planned.layout}, ${read.kind})`);
  }
  // one correction per vendor layout: the first text invoice of each teaches, the rest are read with it
  const rules = new Map<string, LayoutRules>();
  const after: Record<string, Tally> = { text: tally(), scan: tally() };
  for (const read of reads) {
    if (!read.doc) continue;
    const key = `${read.planned.vendor.name}|${read.planned.layout}`;
    const learned = rules.get(key);
    const extraction = extract(read.doc, { defaultCurrency: "USD", rules: learned });
    if (!learned) {
      // the clerk corrects what was read wrong, as the review page does
      const want = expected(read.planned.truth);
      const got = answers(extraction);
      const corrections: Partial<Record<FieldName, string>> = {};
      for (const name of fieldNames) {
        if ((checked as readonly string[]).includes(name) && want[name as Checked] && got[name as Checked] !== want[name as Checked]) corrections[name] = want[name as Checked];
      }
      rules.set(key, learn(read.doc, corrections));
      continue;
    }
    score(after[read.kind], answers(extraction), expected(read.planned.truth));
  }
  const elapsed = (performance.now() - started) / 1000;
  const perPage = (kind: string) => {
    const of = reads.filter((r) => r.kind === kind);
    const pages = of.reduce((s, r) => s + r.pages, 0);
    const seconds = of.reduce((s, r) => s + r.seconds, 0);
    return { docs: of.length, pages, secondsPerPage: pages ? seconds / pages : 0, pagesPerSecond: seconds ? pages / seconds : 0, worst: Math.max(0, ...of.map((r) => r.seconds / r.pages)) };
  };
  console.log(`Capture bench: ${reads.length} documents, ${new Set(plan.map((p) => p.layout)).size} layouts, ${plan.filter((p) => p.credit).length} credit memos, ${reads.filter((r) => r.pages > 1).length} multi-page, ${reads.filter((r) => r.failure).length} unreadable`);
  print("Exact-match accuracy, first reading", first);
  print("Exact-match accuracy after one correction per vendor layout (the correcting invoice left out)", after);
  for (const kind of ["text", "scan"]) {
    const p = perPage(kind);
    console.log(`\n${kind}: ${p.docs} documents, ${p.pages} pages, ${p.secondsPerPage.toFixed(2)} s/page (${p.pagesPerSecond.toFixed(2)} pages/s), slowest ${p.worst.toFixed(2)} s/page`);
  }
  console.log(`\nreader peak memory ${reader.peakMb.toFixed(0)} MB; bench process ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB; ${elapsed.toFixed(0)} s in all`);
  if (process.env.SHOW_MISSES) console.log(`\n${misses.slice(0, Number(process.env.SHOW_MISSES)).join("\n")}`);
  await reader.stop();
}

await main();
