/**
 * ajv validation from the same JSON Schemas that drive the tables and the forms. Numbers given for
 * money fields are coerced to decimal strings; errors come back per field.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { ResourceDef } from "../framework/resource.js";
import { customFormats, isWritable, propertiesOf, requiredOf } from "../framework/schema.js";
import type { FieldErrors } from "./http/errors.js";

const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: false, strict: true, allowUnionTypes: true });
addFormats.default(ajv, ["date", "date-time", "email"]);
for (const [name, pattern] of Object.entries(customFormats)) ajv.addFormat(name, pattern);
ajv.addKeyword({ keyword: "x-references", schemaType: "string" });
ajv.addKeyword({ keyword: "x-unique", schemaType: "boolean" });

const formatMessages: Record<string, string> = {
  money: "Please enter an amount with decimal places.",
  decimal: "Please enter a number.",
  date: "must be a date (YYYY-MM-DD)",
  "date-time": "must be a date and time",
  email: "must be an e-mail address",
};

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (error.keyword === "required") return [path, error.params.missingProperty].filter(Boolean).join(".");
  if (error.keyword === "additionalProperties") return [path, error.params.additionalProperty].filter(Boolean).join(".");
  return path || "base";
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === "required") return "can't be blank";
  if (error.keyword === "additionalProperties") return "is not a known field";
  if (error.keyword === "format") return formatMessages[error.params.format] ?? `must be ${error.params.format}`;
  if (error.keyword === "type" && (error.params.type === "integer" || error.params.type === "number")) return "must be a number";
  return error.message ?? "is invalid";
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

const cache = new Map<string, ValidateFunction>();

export function validatorFor(resource: ResourceDef, mode: "create" | "update"): ValidateFunction {
  const key = `${resource.name}:${mode}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(writableSchema(resource, mode));
    cache.set(key, validate);
  }
  return validate;
}

/** Validate (and coerce in place) a request body; returns per-field errors or null. */
export function validateBody(resource: ResourceDef, mode: "create" | "update", body: Record<string, unknown>): FieldErrors | null {
  const validate = validatorFor(resource, mode);
  return validate(body) ? null : toFieldErrors(validate.errors);
}
