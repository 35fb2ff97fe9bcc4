/**
 * Server-owned fields in a client's body (framework/schema.ts isServerOwned: status, approval fields,
 * balances, issued numbers, creators, submit dates, rates) are refused with 422, one message per field.
 * An update may echo a record back as it was read: a server-owned field sent with its stored value is
 * dropped, not refused; any other value is refused (it would otherwise be silently ignored).
 */
import type { ResourceDef } from "../../framework/resource.js";
import { isServerOwned, propertiesOf, type WriteMode } from "../../framework/schema.js";
import { unprocessable, type FieldErrors } from "../errors.js";
import type { Row } from "./context.js";

export const serverOwnedMessage = "is set by the server and cannot be written";

/** Stored and sent values compare as JSON, numbers and numeric strings by their text ("12.50" = "12.50"). */
export function sameValue(stored: unknown, sent: unknown): boolean {
  if (JSON.stringify(stored ?? null) === JSON.stringify(sent ?? null)) return true;
  const scalar = (v: unknown) => typeof v === "number" || typeof v === "string" || typeof v === "boolean";
  return scalar(stored) && scalar(sent) && String(stored) === String(sent);
}

/** The body without server-owned fields; 422 when one is sent (on an update: with another value than `existing`'s). */
export function withoutServerOwned(resource: ResourceDef, mode: WriteMode, data: Row, existing?: Row): Row {
  const properties = propertiesOf(resource);
  const errors: FieldErrors = {};
  const kept: Row = {};
  for (const [field, value] of Object.entries(data)) {
    if (!isServerOwned(resource, field, properties[field], mode)) kept[field] = value;
    else if (!(mode === "update" && existing && sameValue(existing[field], value))) errors[field] = [serverOwnedMessage];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return kept;
}
