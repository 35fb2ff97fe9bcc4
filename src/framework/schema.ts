/** Reading the JSON Schemas of resources: one place for server validation, forms and columns. */
import type { ResourceDef } from "./resource.js";

export interface Property {
  type?: string | readonly string[];
  format?: string;
  enum?: readonly unknown[];
  items?: Property;
  properties?: Record<string, Property>;
  maxLength?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  "x-references"?: string;
  "x-unique"?: boolean;
  /** bookkeeping a person never reads on a record's page (where a file's bytes are, an id shown by its title elsewhere) */
  "x-internal"?: boolean;
  /** with x-references in an action's input: only the referenced rows whose field (key) equals the record's field (value) are offered */
  "x-match"?: Readonly<Record<string, string>>;
  /** the locale key of the plain message shown when a value breaks the property's `pattern` */
  "x-message"?: string;
  /** a money field's sign, declared on every one (tests/unit/schema-bounds.test.ts), and on a quantity that has one: negatives only where the domain has them */
  "x-sign"?: MoneySign;
  maxItems?: number;
}

/**
 * The sign a money field may take: `nonNegative` (zero or more, most amounts), `positive` (more than
 * zero), `signed` (credits, refunds, adjustments, balances that may run below zero).
 */
export type MoneySign = "nonNegative" | "positive" | "signed";
export const moneySigns: readonly MoneySign[] = ["nonNegative", "positive", "signed"];

/** Whether an amount (a decimal string or number) has the declared sign; a value that is no number is left to `format`. */
export function hasSign(value: unknown, sign: MoneySign): boolean {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (sign === "signed" || !/^[+-]?\d*\.?\d*$/.test(text) || !/\d/.test(text)) return true;
  const negative = text.startsWith("-") && /[1-9]/.test(text);
  const zero = !/[1-9]/.test(text);
  return sign === "positive" ? !negative && !zero : !negative;
}

/** Our custom string formats: exact amounts as decimal strings. */
export const customFormats = {
  money: /^-?\d{1,16}(\.\d{1,2})?$/,
  decimal: /^-?\d{1,16}(\.\d{1,8})?$/,
} as const;

export const propertiesOf = (resource: Pick<ResourceDef, "schema">): Record<string, Property> =>
  (resource.schema as { properties?: Record<string, Property> }).properties ?? {};

/** The schema property at a path; `debit_entries.amount` reaches into array items. */
export function propertyAt(resource: Pick<ResourceDef, "schema">, path: string): Property | undefined {
  const [first, ...rest] = path.split(".");
  return rest.reduce<Property | undefined>((p, key) => (p?.items ?? p)?.properties?.[key], propertiesOf(resource)[first]);
}

/** The non-null JSON type of a property. */
export const baseType = (p: Property | undefined): string | undefined =>
  Array.isArray(p?.type) ? p.type.find((t) => t !== "null") : (p?.type as string | undefined);

export type WriteMode = "create" | "update";

/**
 * Server-owned fields: the server sets them, a client never writes them. The declared `serverFields`,
 * read-only properties, the owner column (the signed-in user), and the status field (statuses move
 * only through declared transitions and the approval engine), unless `clientWritable[mode]` lets
 * clients set it (the resource's hook then checks the value).
 */
/** The column recording who created a record (segregation of duties): always the server's to fill. */
export const creatorColumn = "created_by_id";

export function isServerOwned(resource: Pick<ResourceDef, "serverFields" | "statuses" | "clientWritable" | "owner">, field: string, property: Property | undefined, mode: WriteMode): boolean {
  if (resource.clientWritable?.[mode]?.includes(field)) return false;
  return !!resource.serverFields?.includes(field) || field === resource.statuses?.field || field === resource.owner || field === creatorColumn || !!property?.readOnly;
}

/** Fields a client may write in this mode: neither server-owned nor computed. */
export function isWritable(resource: Pick<ResourceDef, "serverFields" | "computed" | "statuses" | "clientWritable" | "owner">, field: string, property: Property, mode: WriteMode): boolean {
  return !resource.computed?.includes(field) && !isServerOwned(resource, field, property, mode);
}

/**
 * Write-only fields (JSON Schema `writeOnly`, e.g. a bank account number) are accepted on writes but
 * never returned, filtered, sorted or searched on, and their values stay out of the audit trail.
 */
export const writeOnlyFields = (resource: Pick<ResourceDef, "schema">): string[] =>
  Object.entries(propertiesOf(resource)).filter(([, p]) => p.writeOnly).map(([field]) => field);

export const requiredOf = (resource: Pick<ResourceDef, "schema">): readonly string[] =>
  (resource.schema as { required?: readonly string[] }).required ?? [];
