/**
 * Which of the company's vendors sent a document: by tax id printed on it, then by an e-mail or web
 * domain (the sender's, or one on the document) that a vendor's contacts or remit-to address use,
 * then by a fuzzy match of its name among the document's first lines. Never a guess: below
 * `vendorThreshold` no vendor is named and the capture waits for a clerk.
 */

export interface VendorCandidate {
  id: number;
  name: string;
  tax_id: string | null;
  /** e-mail and web domains of the vendor and its contacts, lower case */
  domains: readonly string[];
}

export interface VendorMatch {
  id: number;
  name: string;
  confidence: number;
  by: "tax_id" | "domain" | "name";
}

export const vendorThreshold = 0.8;

/** Domains anyone sends from: never a vendor's mark. */
const publicDomains = new Set(["gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "icloud.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "mail.com"]);

export const domainOf = (address: string): string | undefined => /@([a-z0-9.-]+\.[a-z]{2,})\s*>?$/i.exec(address.trim())?.[1]?.toLowerCase();

const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

const suffixes = /\b(inc|incorporated|llc|l l c|ltd|limited|corp|corporation|co|company|gmbh|sa|sarl|bv|plc|pty|llp|lp|srl|ag|the)\b/g;
export const nameKey = (name: string) => name.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9 ]/g, " ").replace(suffixes, " ").replace(/\s+/g, " ").trim();

function bigrams(s: string): Map<string, number> {
  const grams = new Map<string, number>();
  const t = ` ${s} `;
  for (let i = 0; i < t.length - 1; i++) grams.set(t.slice(i, i + 2), (grams.get(t.slice(i, i + 2)) ?? 0) + 1);
  return grams;
}

/** Dice similarity of two names' letter pairs (0–1), suffixes like Inc or Ltd left out. */
export function nameSimilarity(a: string, b: string): number {
  const ka = nameKey(a);
  const kb = nameKey(b);
  if (!ka || !kb) return 0;
  if (ka === kb) return 1;
  const ga = bigrams(ka);
  const gb = bigrams(kb);
  let common = 0;
  for (const [g, n] of ga) common += Math.min(n, gb.get(g) ?? 0);
  const total = [...ga.values()].reduce((s, n) => s + n, 0) + [...gb.values()].reduce((s, n) => s + n, 0);
  return (2 * common) / total;
}

/**
 * The vendor of a document whose text is `text` (lines, top first) sent from `sender` (an e-mail
 * address, when it came by mail). `own` is the buying company's name: its lines are skipped.
 */
export function matchVendor(text: string, vendors: readonly VendorCandidate[], sender?: string, own?: string): VendorMatch | undefined {
  const flat = alnum(text);
  // a tax id of at least 6 characters printed anywhere
  const byTax = vendors.filter((v) => v.tax_id && alnum(v.tax_id).length >= 6 && flat.includes(alnum(v.tax_id)));
  if (byTax.length === 1) return { id: byTax[0].id, name: byTax[0].name, confidence: 0.99, by: "tax_id" };
  // the sender's domain, then domains printed on the document (e-mail addresses, web sites)
  const printed = [...text.toLowerCase().matchAll(/(?:@|www\.|https?:\/\/)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/g)].map((m) => m[1].replace(/^www\./, ""));
  const senderDomain = sender ? domainOf(sender) : undefined;
  for (const [domain, confidence] of [[senderDomain, 0.95], ...printed.map((d) => [d, 0.9] as const)] as const) {
    if (!domain || publicDomains.has(domain)) continue;
    const hits = vendors.filter((v) => v.domains.some((d) => d === domain || domain.endsWith(`.${d}`)));
    if (hits.length === 1) return { id: hits[0].id, name: hits[0].name, confidence, by: "domain" };
  }
  // a name among the first lines (where a letterhead stands), the buyer's own lines left out
  const lines = text.split("\n").slice(0, 15).map((l) => l.trim()).filter((l) => l && !(own && nameSimilarity(l, own) > 0.85));
  let best: VendorMatch | undefined;
  let second = 0;
  for (const vendor of vendors) {
    let score = 0;
    for (const line of lines) {
      // the line itself, or its first cell (a letterhead beside "INVOICE")
      for (const part of [line, line.split(/\s{2,}/)[0]]) score = Math.max(score, nameSimilarity(part, vendor.name));
    }
    if (!best || score > best.confidence) {
      second = best?.confidence ?? second;
      best = { id: vendor.id, name: vendor.name, confidence: score, by: "name" };
    } else second = Math.max(second, score);
  }
  // a close runner-up makes the name ambiguous
  if (best && best.confidence >= vendorThreshold && best.confidence - second >= 0.05) return { ...best, confidence: Math.min(0.95, best.confidence) };
  return undefined;
}
