/**
 * Where approvals meet the registry: which resource declares a record type `approvable`, and
 * which screen approves a record of a type. Read from the declarations, never from a list of names.
 */
import type { HttpError } from "@refinedev/core";
import { routesOf, tableOf, type ResourceDef } from "../../framework/resource.js";
import { outlineByName, outlines } from "../declarations.js";
import type { Row } from "../format.js";
import { pathFor, showPath } from "../registry.js";

export type Approvable = NonNullable<ResourceDef["approvable"]>;

/** The approvals table's views (the approval lists) and the legacy screens addressed by approval id. */
export const isApprovalsView = (resource: Pick<ResourceDef, "name" | "table">) => tableOf(resource) === "approvals";

/** The resource declaring `approvable` for this resource's rows: itself, or the resource of the table it views. */
type Declaring = Pick<ResourceDef, "name" | "table" | "title" | "approvable">;

export function approvableOf(resource: Declaring): { resource: Declaring; approvable: Approvable } | undefined {
  const declaring = resource.approvable ? resource : outlineByName.get(tableOf(resource));
  return declaring?.approvable ? { resource: declaring, approvable: declaring.approvable } : undefined;
}

const declaringOf = (type: string) => outlines.find((r) => r.approvable?.type === type);

/**
 * Where a row of a list of approvable records is approved: the list resource's own approval screen
 * when it is addressed by the record (e.g. /po_approvals/:purchaseOrderID), else the record's detail
 * screen, which shows the approval awaiting the user too. (Rows of the approvals table carry the
 * server's `approvable.screen`.)
 */
export function recordScreen(resource: Declaring & Pick<ResourceDef, "routes">, row: Row): string | undefined {
  const screen = routesOf(resource).find((e) => e.page === "approval" && e.idParam && e.idParam !== "approvalID");
  if (screen) return pathFor(screen.path, row.id as number, row);
  const declaring = approvableOf(resource)?.resource;
  return declaring ? showPath(declaring.name, row.id) : undefined;
}

/** The detail screen of a record of a workflow type. */
export const recordPath = (type: string, id: unknown): string | undefined => {
  const declaring = declaringOf(type);
  return declaring ? showPath(declaring.name, id) : undefined;
};

/** The server's messages of a failed request (a refusal's reason, a field's error). */
export const serverMessage = (error: unknown): string =>
  Object.values((error as HttpError).errors ?? {}).flat().map(String).join(", ") || String((error as Error).message ?? error);
