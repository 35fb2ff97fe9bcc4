/**
 * The form's messages: each broken schema rule in plain words in the user's language
 * (framework/validation-messages.ts, the server's table too), and the summary at the top of the form
 * of every field in error, from the form's own checks and from a server 422.
 */
import type { RJSFSchema, RJSFValidationError } from "@rjsf/utils";
import type { Property } from "../../../framework/schema.js";
import { ruleText, type TranslateValues } from "../../../framework/validation-messages.js";

/** One line of the summary: the field (its form id is `root_<field>`) and what is wrong with it. */
export interface Problem {
  field: string;
  label: string;
  message: string;
}

/** `.po_items.0.quantity` or `po_items.0.quantity` → ["po_items", "0", "quantity"]. */
const partsOf = (path: string) => path.replace(/^\./, "").replace(/\[['"]?([^\]'"]+)['"]?\]/g, ".$1").split(".").filter(Boolean);

type Titled = Property & { title?: string; items?: Titled; properties?: Record<string, Titled> };

function propertyOf(schema: RJSFSchema, parts: readonly string[]): Titled | undefined {
  let node: Titled | undefined = schema as Titled;
  for (const part of parts) node = /^\d+$/.test(part) ? node?.items : node?.properties?.[part];
  return node;
}

/** rjsf's errors with the plain messages (the ajv ones read `must match pattern "^[A-Z]{3}$"`). */
export function plainErrors(errors: readonly RJSFValidationError[], schema: RJSFSchema, translate: TranslateValues): RJSFValidationError[] {
  return errors.map((error) => {
    const message = ruleText({ keyword: error.name ?? "", params: error.params ?? {}, message: propertyOf(schema, partsOf(error.property ?? ""))?.["x-message"] }, translate);
    return { ...error, message, stack: message };
  });
}

/** The summary's lines: a field's label (a line's field as "Lines 2 · Quantity"), each message once. */
export function problemsOf(errors: Readonly<Record<string, readonly string[]>>, schema: RJSFSchema, label: (field: string) => string): Problem[] {
  const problems: Problem[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const parts = partsOf(path);
    if (!parts.length || parts[0] === "base") continue;
    const named = parts.map((p, i) => (/^\d+$/.test(p) ? String(Number(p) + 1) : propertyOf(schema, parts.slice(0, i + 1))?.title ?? label(p)));
    for (const message of new Set(messages)) problems.push({ field: parts[0], label: named.join(" · "), message });
  }
  return problems;
}

/** rjsf's errors by field path, as the server sends them. */
export function errorsByPath(errors: readonly RJSFValidationError[]): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const e of errors) (byPath[partsOf(e.property ?? "").join(".") || "base"] ??= []).push(e.message ?? "");
  return byPath;
}
