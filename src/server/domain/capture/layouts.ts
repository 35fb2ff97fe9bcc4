/**
 * Corrections remembered per vendor layout (docs/capture.md "Learning"): what the clerk corrected on
 * a captured draft is looked up on the document's words, and the label that names it and where the
 * value stands from it are kept for the vendor's layout (capture_layouts); the next invoice of that
 * vendor whose labels are alike is read with them first.
 */
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import { fieldNames, learn, type FieldName, type LayoutRules } from "./extract.js";
import { expandDoc, type StoredReading } from "./read.js";

/** Learn from `corrections` (field → the right value) on capture `captureId`; answers the fields a rule was learned for. */
export async function rememberCorrections(trx: DB, companyId: number, captureId: number, corrections: Record<string, string>): Promise<string[]> {
  const capture = await trx.selectFrom("invoice_captures").select(["vendor_id", "layout_key", "fields", "read_kind"]).where("id", "=", captureId).executeTakeFirstOrThrow();
  const reading = capture.fields as StoredReading;
  if (!capture.vendor_id || !capture.layout_key || !reading.pages) throw unprocessable({ base: ["The document has no vendor or reading to learn from."] });
  const wanted: Partial<Record<FieldName, string>> = {};
  for (const [name, value] of Object.entries(corrections)) if ((fieldNames as readonly string[]).includes(name)) wanted[name as FieldName] = value.trim();
  const known = await trx.selectFrom("capture_layouts").select(["rules"]).where("company_id", "=", companyId).where("vendor_id", "=", capture.vendor_id)
    .where("layout_key", "=", capture.layout_key).executeTakeFirst();
  const before = (known?.rules ?? {}) as LayoutRules;
  const doc = expandDoc(capture.read_kind === "OCR" ? "OCR" : "TEXT", reading.pages);
  const rules = { ...learn(doc, wanted, before), labels: reading.labels };
  const learned = Object.keys(wanted).filter((name) => JSON.stringify(rules[name as FieldName]) !== JSON.stringify(before[name as FieldName]) && rules[name as FieldName]);
  await sql`INSERT INTO capture_layouts (company_id, vendor_id, layout_key, rules, corrections)
    VALUES (${companyId}, ${capture.vendor_id}, ${capture.layout_key}, ${JSON.stringify(rules)}::jsonb, 1)
    ON CONFLICT (company_id, vendor_id, layout_key) DO UPDATE SET rules = EXCLUDED.rules, corrections = capture_layouts.corrections + 1, updated_at = now()`.execute(trx);
  return learned;
}
