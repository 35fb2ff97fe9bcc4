/**
 * Input hardening for every route, before any handler runs: text the database cannot store (NUL
 * characters, unpaired UTF-16 surrogates) and shapes no endpoint needs (very deep nesting, very long
 * arrays) are refused with 422 per field, in request bodies, query strings and path parameters alike.
 * The per-field rules (types, integer ranges, real dates, lengths) come from the schemas (../validation.ts).
 */
import type { FastifyInstance } from "fastify";
import { isRecordId } from "../validation.js";
import { notFound, unprocessable, type FieldErrors } from "../errors.js";

/** Deeper than any document an endpoint accepts (a record with lines with coding is 4 levels). */
export const maxDepth = 32;
/** A payment run may carry tens of thousands of items; PostgreSQL binds at most 65,535 parameters per statement. */
export const maxArrayItems = 50_000;

// NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
const badText = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textMessage = "must not contain NUL characters or unpaired surrogates";

function add(errors: FieldErrors, field: string, message: string): void {
  const messages = (errors[field || "base"] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

/** The problems of one parsed input (body, query or params), by field path (`items.0.name`). */
export function inputProblems(value: unknown, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  const walk = (node: unknown, path: string, depth: number): void => {
    if (typeof node === "string") {
      if (badText.test(node)) add(errors, path, textMessage);
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (depth >= maxDepth) {
      // reported on the top-level field (its path is as deep as the nesting)
      add(errors, path.split(".")[0], `is nested too deeply (at most ${maxDepth} levels)`);
      return;
    }
    const join = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(node)) {
      if (node.length > maxArrayItems) add(errors, path, `has too many items (at most ${maxArrayItems})`);
      else node.forEach((item, i) => walk(item, join(String(i)), depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (badText.test(key)) add(errors, path, textMessage);
      else walk(item, join(key), depth + 1);
    }
  };
  walk(value, prefix, 0);
  return errors;
}

/** Path parameters naming a record (`:id`, `:company_id`): anything but a 32-bit id names no record. */
function badPathId(params: unknown): boolean {
  return Object.entries((params ?? {}) as Record<string, unknown>).some(([name, value]) => (name === "id" || name.endsWith("_id")) && !isRecordId(value));
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (badPathId(request.params)) throw notFound();
    const errors = { ...inputProblems(request.params), ...inputProblems(request.query), ...inputProblems(request.body) };
    if (Object.keys(errors).length) throw unprocessable(errors);
  });
}
