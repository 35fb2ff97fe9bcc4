/**
 * Conditions (row-action `when`, visibility) are small filter objects:
 *   { is_invoice_allow_to_delete: true }            equality
 *   { status: ["NEW", "DRAFT"] }                    one of
 *   { stats_vendor_count: { lte: 0 } }              comparison (eq, ne, gt, gte, lt, lte)
 * Every key must hold. Server and client evaluate them with this one function.
 */
import type { Condition } from "./resource.js";

type Comparison = { eq?: unknown; ne?: unknown; gt?: number; gte?: number; lt?: number; lte?: number };

function valueAt(record: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], record);
}

function holds(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return expected.includes(actual);
  if (expected !== null && typeof expected === "object") {
    const c = expected as Comparison;
    if ("eq" in c && actual !== c.eq) return false;
    if ("ne" in c && actual === c.ne) return false;
    if (c.gt !== undefined && !(Number(actual) > c.gt)) return false;
    if (c.gte !== undefined && !(Number(actual) >= c.gte)) return false;
    if (c.lt !== undefined && !(Number(actual) < c.lt)) return false;
    if (c.lte !== undefined && !(Number(actual) <= c.lte)) return false;
    return true;
  }
  return actual === expected;
}

export function matches(condition: Condition | undefined, record: Record<string, unknown>): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([path, expected]) => holds(valueAt(record, path), expected));
}

export { valueAt };
