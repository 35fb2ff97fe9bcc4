/**
 * An audit row in words, for the history on a record's page: "Ana Ruiz submitted the invoice for
 * approval", "Ana Ruiz changed Amount from $100.00 to $120.00". Internal fields (ids of other rows,
 * server bookkeeping, secrets) are left out; statuses are named by their labels. The server names
 * the user (`user_name`); the words come from the `activities.words.*` keys of the reader's language.
 */
import type { ResourceDef } from "./resource.js";
import { propertiesOf, writeOnlyFields } from "./schema.js";
import { fieldKey, statusKey } from "./cell-text.js";

export type Row = Record<string, unknown>;
export type Translate = (key: string, params: Record<string, unknown>, fallback: string) => string;

/** Bookkeeping every row has; never news to a reader. */
const bookkeeping = new Set(["id", "company_id", "created_at", "updated_at", "lock_version"]);

/** A field a person reads in the history: declared, not a reference to another row, not write-only, not bookkeeping. */
export function isReadableChange(resource: ResourceDef, field: string): boolean {
  const property = propertiesOf(resource)[field];
  if (!property || bookkeeping.has(field) || writeOnlyFields(resource).includes(field)) return false;
  return !property["x-references"] && !/_ids?$/.test(field);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Longest value quoted in a sentence; a long description is cut. */
const maxValue = 60;

export interface ActivityWordsOptions {
  translate: Translate;
  /** a field's value as text (money, dates and codes as the reader sees them elsewhere) */
  show: (field: string, value: unknown) => string;
}

export function activitySentence(row: Row, item: ResourceDef, { translate, show }: ActivityWordsOptions): string {
  const who = typeof row.user_name === "string" && row.user_name ? row.user_name : translate("activities.words.someone", {}, "Someone");
  const thing = translate(`${item.name}.titles.show`, {}, item.name).toLowerCase();
  const say = (key: string, params: Record<string, unknown>, fallback: string) => translate(`activities.words.${key}`, { who, thing, ...params }, fallback);
  if (row.event === "create") return say("created", {}, `${who} created the ${thing}`);
  if (row.event === "destroy") return say("deleted", {}, `${who} deleted the ${thing}`);
  const changes = (row.changes && typeof row.changes === "object" ? row.changes : {}) as Row;
  const pair = (field: string) => (Array.isArray(changes[field]) && (changes[field] as unknown[]).length === 2 ? (changes[field] as unknown[]) : [undefined, changes[field]]);
  const clauses: string[] = [];
  const statusField = item.statuses?.field;
  if (statusField && statusField in changes) {
    const [from, to] = pair(statusField);
    const label = (code: unknown) => translate(statusKey(item.name, String(code)), {}, String(code));
    if (to === "PENDING") clauses.push(say("submitted", {}, `${who} submitted the ${thing} for approval`));
    else if (to === "APPROVED") clauses.push(say("approved", {}, `${who} approved the ${thing}`));
    else if (to === "REJECTED") clauses.push(say("rejected", {}, `${who} rejected the ${thing}`));
    else if (!same(from, to)) clauses.push(say("statusChanged", { from: label(from), to: label(to) }, `${who} changed the status from ${label(from)} to ${label(to)}`));
  }
  const cut = (text: string) => (text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text || "—");
  for (const field of Object.keys(changes)) {
    if (field === statusField || !isReadableChange(item, field)) continue;
    const [from, to] = pair(field);
    if (same(from, to)) continue;
    const name = translate(fieldKey(item.name, field), {}, field);
    const params = { field: name, from: cut(show(field, from)), to: cut(show(field, to)) };
    // a field filled for the first time is set, not changed from nothing
    const first = from === null || from === undefined || from === "";
    if (first) clauses.push(clauses.length ? say("alsoSet", params, `${name} set to ${params.to}`) : say("set", params, `${who} set ${name} to ${params.to}`));
    else clauses.push(clauses.length ? say("alsoChanged", params, `${name} from ${params.from} to ${params.to}`) : say("changed", params, `${who} changed ${name} from ${params.from} to ${params.to}`));
  }
  return clauses.length ? clauses.join("; ") : say("updated", {}, `${who} updated the ${thing}`);
}
