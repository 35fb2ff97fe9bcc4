/**
 * Where approvals meet the registry: which resource declares a record type `approvable`, and
 * which screen approves a record of a type. Read from the declarations, never from a list of names.
 */
import type { HttpError } from "@refinedev/core";
import { routesOf, tableOf, type ResourceDef } from "../../framework/resource.js";
import { resourceByName, resources } from "../../../resources/index.js";
import { pathFor, showPath } from "../registry.js";

export type Approvable = NonNullable<ResourceDef["approvable"]>;

/** The approvals table's views (the approval lists) and the legacy screens addressed by approval id. */
export const isApprovalsView = (resource: ResourceDef) => tableOf(resource) === "approvals";

/** The resource declaring `approvable` for this resource's rows: itself, or the resource of the table it views. */
export function approvableOf(resource: ResourceDef): { resource: ResourceDef; approvable: Approvable } | undefined {
  const declaring = resource.approvable ? resource : resourceByName.get(tableOf(resource));
  return declaring?.approvable ? { resource: declaring, approvable: declaring.approvable } : undefined;
}

const declaringOf = (type: string) => resources.find((r) => r.approvable?.type === type);

/** The approval screen of a record of a workflow type (an `approval` route on its table), else its detail screen. */
export function approvalScreenPath(type: string, id: unknown): string | undefined {
  const declaring = declaringOf(type);
  if (!declaring || id === null || id === undefined) return undefined;
  const screens = resources.filter((r) => tableOf(r) === tableOf(declaring)).flatMap(routesOf).filter((e) => e.page === "approval");
  const screen = screens.find((e) => e.resource === declaring) ?? screens[0];
  return screen ? pathFor(screen.path, id as number) : showPath(declaring.name, id);
}

/** The detail screen of a record of a workflow type. */
export const recordPath = (type: string, id: unknown): string | undefined => {
  const declaring = declaringOf(type);
  return declaring ? showPath(declaring.name, id) : undefined;
};

/** The server's messages of a failed request (a refusal's reason, a field's error). */
export const serverMessage = (error: unknown): string =>
  Object.values((error as HttpError).errors ?? {}).flat().map(String).join(", ") || String((error as Error).message ?? error);
