/**
 * What an import of each kind may do, for the server (which enforces it) and the import page (which
 * offers only that): the resource action each kind needs, and the fields a file may fill.
 */
import type { ResourceAction } from "./permissions.js";
import type { ResourceDef } from "./resource.js";
import { isWritable, propertiesOf, type WriteMode } from "./schema.js";

export const importKinds = ["create", "update", "delete", "list"] as const;
export type ImportKind = (typeof importKinds)[number];

/** The resource action an import of each kind does (a list import creates what it does not find). */
export const importActions: Readonly<Record<string, ResourceAction>> = { create: "create", update: "edit", delete: "delete", list: "create" };

/** The import kind's write mode: what the row's values do to a record. */
export const importMode = (kind: string): WriteMode => (kind === "create" ? "create" : "update");

/** The fields a file may fill for an import of `kind`: the writable ones, and `id` (or the title field) to find the records an update, delete or list names. */
export function importableFields(resource: ResourceDef, kind: string): string[] {
  const mode = importMode(kind);
  const writable = kind === "delete" ? [] : Object.entries(propertiesOf(resource)).filter(([name, p]) => isWritable(resource, name, p, mode)).map(([name]) => name);
  return kind === "create" ? writable : ["id", ...new Set([resource.title, ...writable])];
}
