/**
 * What the document pane can show and where its rows are: PDFs and the common images (the server's
 * inline types, src/server/http/attachment.ts), found in the record's documents relation (the one
 * declared `readWithParent`) and in its lines' own (an expense report's receipts are on its items).
 */
import type { ResourceDef } from "../../framework/resource.js";
import { resourceByName } from "../declarations.js";
import type { Row } from "../format.js";

export const previewable: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif"]);

export const canPreview = (row: Row) => previewable.has(String(row.content_type));

/** The name of `resource`'s documents relation, if it takes documents. */
export const documentsRelationOf = (resource: ResourceDef): string | undefined =>
  Object.entries(resource.relations ?? {}).find(([, r]) => r.kind === "hasMany" && r.resource === "documents")?.[0];

/** The record's previewable documents, its own first, then its lines', newest first within each. */
export function previewsOf(resource: ResourceDef, record: Row): Row[] {
  const own = documentsRelationOf(resource);
  const rows = own && Array.isArray(record[own]) ? (record[own] as Row[]) : [];
  const ofLines = (resource.lines ?? []).flatMap((def) => {
    const relation = resource.relations?.[def.relation];
    const line = relation ? resourceByName.get(relation.resource) : undefined;
    const name = line && documentsRelationOf(line);
    const lines = record[def.relation];
    return name && Array.isArray(lines) ? (lines as Row[]).flatMap((l) => (Array.isArray(l[name]) ? (l[name] as Row[]) : [])) : [];
  });
  return [...rows, ...ofLines].filter(canPreview);
}
