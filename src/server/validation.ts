/**
 * ajv validation from the same JSON Schemas that drive the tables and the forms. Numbers given for
 * money fields are coerced to decimal strings; errors come back per field.
 */
import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { ResourceDef } from "../framework/resource.js";
import { customFormats, hasSign, isWritable, moneySigns, propertiesOf, requiredOf, type MoneySign, type Property } from "../framework/schema.js";
import { currencyCodePattern, isCurrencyCode } from "../framework/currencies.js";
import { ruleText } from "../framework/validation-messages.js";
import { translateValues } from "./locale.js";
import type { FieldErrors } from "./errors.js";

// verbose: an error carries its schema, so that a pattern's declared `x-message` is found
const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: true, useDefaults: false, strict: true, allowUnionTypes: true });
addFormats.default(ajv, ["date", "date-time", "email"]);
for (const [name, pattern] of Object.entries(customFormats)) ajv.addFormat(name, pattern);
ajv.addKeyword({ keyword: "x-references", schemaType: "string" });
ajv.addKeyword({ keyword: "x-unique", schemaType: "boolean" });
ajv.addKeyword({ keyword: "x-internal", schemaType: "boolean" });
ajv.addKeyword({ keyword: "x-match", schemaType: "object" });
ajv.addKeyword({ keyword: "x-message", schemaType: "string" });
/** A keyword whose check fails with one error of its own name (its message: framework/validation-messages.ts). */
function checkKeyword<S>(keyword: string, check: (schema: S, data: unknown) => boolean, params: (schema: S) => Record<string, unknown>): SchemaValidateFunction {
  const validate: SchemaValidateFunction = (schema: S, data: unknown) => {
    const valid = check(schema, data);
    validate.errors = valid ? [] : [{ keyword, params: params(schema) }];
    return valid;
  };
  return validate;
}
// a money field's declared sign (framework/schema.ts MoneySign): a negative amount where the domain has none is refused
ajv.addKeyword({ keyword: "x-sign", schemaType: "string", metaSchema: { enum: [...moneySigns] }, errors: true,
  validate: checkKeyword<MoneySign>("x-sign", (sign, data) => hasSign(data, sign), (sign) => ({ sign })) });
// added by withStorageLimits to every currency code (the schemas' currency pattern): one of ISO 4217's codes;
// a value not in the pattern's form is the pattern's error alone
ajv.addKeyword({ keyword: "x-currency", schemaType: "boolean", errors: true,
  validate: checkKeyword<boolean>("x-currency", (_on, data) => typeof data !== "string" || !/^[A-Z]{3}$/.test(data) || isCurrencyCode(data), () => ({})) });

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (error.keyword === "required") return [path, error.params.missingProperty].filter(Boolean).join(".");
  if (error.keyword === "additionalProperties") return [path, error.params.additionalProperty].filter(Boolean).join(".");
  return path || "base";
}

/** The API answers in English (the client shows its own checks in the user's language). */
const english = translateValues("en");

function messageOf(error: ErrorObject): string {
  const declared = (error.parentSchema as Property | undefined)?.["x-message"];
  return ruleText({ keyword: error.keyword, params: error.params, message: declared }, english);
}

export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors ?? []) {
    const messages = (result[fieldOf(error)] ??= []);
    if (!messages.includes(messageOf(error))) messages.push(messageOf(error));
  }
  return result;
}

/** The writable part of a resource's schema: what a client may send. */
export function writableSchema(resource: ResourceDef, mode: "create" | "update"): object {
  const properties = Object.fromEntries(Object.entries(propertiesOf(resource)).filter(([name, p]) => isWritable(resource, name, p, mode)));
  const required = mode === "create" ? requiredOf(resource).filter((name) => name in properties) : [];
  return { ...(resource.schema as object), properties, required };
}

/** integer columns are 32-bit: a larger id or count is refused here, not by the database */
export const int32 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
/** A record id as a path segment, query value or JSON number: a whole number from 1 to the 32-bit maximum. */
export function isRecordId(value: unknown): boolean {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= int32.maximum;
}

/** an indexed text column: a b-tree entry holds at most about 2.7 kB; 500 characters fit in any encoding */
export const maxIndexedText = 500;
/** any other text: far beyond a note or description, well below the request size limit */
export const maxText = 100_000;
/** a list with no bound of its own (an action's input): every schema in schemas/ declares its own */
export const maxListItems = 1000;

/**
 * The storage bounds a schema leaves unsaid, added where it has none of its own: 32-bit integers,
 * text lengths (indexed columns shorter), list lengths, ISO 4217 for currency codes, at every depth
 * (jsonb lines included).
 */
export function withStorageLimits(schema: unknown, indexed: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const s = { ...(schema as Record<string, unknown>) };
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (types.includes("integer")) Object.assign(s, { ...int32, ...pick(s, "minimum", "maximum") });
  if (types.includes("string") && s.maxLength === undefined && s.enum === undefined) s.maxLength = maxText;
  if (types.includes("array") && s.maxItems === undefined) s.maxItems = maxListItems;
  if (s.pattern === currencyCodePattern) s["x-currency"] = true;
  if (s.properties) {
    s.properties = Object.fromEntries(Object.entries(s.properties as Record<string, unknown>).map(([name, p]) => {
      const bounded = withStorageLimits(p, indexed, depth + 1) as Record<string, unknown>;
      const own = (p as { maxLength?: number }).maxLength;
      if (depth === 0 && indexed.has(name) && own === undefined && bounded.maxLength !== undefined) bounded.maxLength = maxIndexedText;
      return [name, bounded];
    }));
  }
  if (s.items) s.items = withStorageLimits(s.items, indexed, depth + 1);
  return s;
}

const pick = (o: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** Columns a b-tree index covers: declared indexes and unique fields. */
function indexedFields(resource: ResourceDef): Set<string> {
  const fields = new Set((resource.indexes ?? []).flatMap((i) => (typeof i === "string" ? [i] : [...i])));
  for (const [name, p] of Object.entries(propertiesOf(resource))) if (p["x-unique"]) fields.add(name);
  return fields;
}

const cache = new Map<string, ValidateFunction>();

export function validatorFor(resource: ResourceDef, mode: "create" | "update"): ValidateFunction {
  const key = `${resource.name}:${mode}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(withStorageLimits(writableSchema(resource, mode), indexedFields(resource)) as object);
    cache.set(key, validate);
  }
  return validate;
}

/**
 * Fields whose value (after coercion) is a number no column holds: ajv coerces the string "1e400" to
 * Infinity and then skips `maximum` and the integer check for it.
 */
export function nonFiniteFields(data: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {};
  const walk = (value: unknown, path: string): void => {
    if (typeof value === "number" && !Number.isFinite(value)) errors[path] = ["must be a number"];
    else if (value !== null && typeof value === "object") for (const item of Object.values(value)) walk(item, path);
  };
  for (const [key, value] of Object.entries(data)) walk(value, key);
  return Object.keys(errors).length ? errors : null;
}

/** Validate (and coerce in place) a request body; returns per-field errors or null. */
export function validateBody(resource: ResourceDef, mode: "create" | "update", body: Record<string, unknown>): FieldErrors | null {
  const validate = validatorFor(resource, mode);
  return validate(body) ? nonFiniteFields(body) : toFieldErrors(validate.errors);
}

const inputValidators = new WeakMap<object, ValidateFunction>();

/** A declared action's input against its JSON Schema (RecordAction.input), with the storage bounds: per-field errors or null. */
export function validateInput(schema: object, input: Record<string, unknown>): FieldErrors | null {
  let validate = inputValidators.get(schema);
  if (!validate) {
    validate = ajv.compile(withStorageLimits(schema) as object);
    inputValidators.set(schema, validate);
  }
  return validate(input) ? nonFiniteFields(input) : toFieldErrors(validate.errors);
}
