/**
 * Every route of the application with its guard: the resources' routes (`routesOf`) and the
 * declared pages. `npm run -s manifest` prints it; the client renders exactly these routes and the
 * browser tests visit them all.
 */
import type { PageDef } from "./pages.js";
import type { Condition, PermissionKeys, RecordAction, ResourceDef } from "./resource.js";
import { actionGroups, pagePermissions, routesOf, type PageKind } from "./resource.js";

export interface ManifestRoute {
  path: string;
  /** the resource the route shows (resource routes), or the one a page is about */
  resource: string | null;
  kind: PageKind | PageDef["kind"];
  /** any one suffices; empty = none needed */
  permissions: PermissionKeys;
  module: string | null;
  /** the path parameter naming the record, for record pages */
  idParam: string | null;
  /** hand-written pages (declared pages, or resource routes a component renders): the component */
  component: string | null;
}

export function manifestRoutes(resources: readonly ResourceDef[], pages: readonly PageDef[]): ManifestRoute[] {
  return [
    ...resources.flatMap((resource) => routesOf(resource).map((r) => ({
      path: r.path,
      resource: resource.name,
      kind: r.page,
      permissions: pagePermissions(resource, r.page) ?? [],
      module: resource.module ?? null,
      idParam: r.idParam ?? null,
      component: r.view?.component ?? null,
    }))),
    ...pages.map((p) => ({
      path: p.path,
      resource: p.resource ?? null,
      kind: p.kind,
      permissions: p.permissions,
      module: p.module ?? null,
      idParam: null,
      component: p.component ?? null,
    })),
  ];
}

/** A declared action: its endpoint, who may run it (any one key, besides reading the resource) and on which records. */
export interface ManifestAction {
  resource: string;
  name: string;
  kind: RecordAction["kind"];
  method: "GET" | "POST";
  path: string;
  permissions: PermissionKeys;
  /** the condition a record must match (any one of the declarations sharing the endpoint); null: none */
  when: readonly Condition[] | null;
  bulk: boolean;
  idempotent: boolean;
}

/** Every declared action of the registry, one per endpoint (POST /api/{resource}/{id}/{name}, or GET for downloads and views). */
export function manifestActions(resources: readonly ResourceDef[]): ManifestAction[] {
  return resources.flatMap((resource) => {
    return actionGroups(resource).map(({ name, variants }): ManifestAction => {
      const conditions = variants.map((v) => v.when);
      return {
        resource: resource.name, name, kind: variants[0].kind,
        method: variants[0].kind === "post" ? "POST" : "GET",
        path: `/api/${resource.name}/:id/${name}`,
        permissions: [...new Set(variants.flatMap((v) => v.permission))],
        when: conditions.some((c) => c === undefined) ? null : (conditions as Condition[]),
        bulk: variants.some((v) => v.bulk === true),
        idempotent: variants.some((v) => v.idempotent === true),
      };
    });
  });
}

export function manifest(resources: readonly ResourceDef[], pages: readonly PageDef[]) {
  return { resources: resources.map((r) => r.name), routes: manifestRoutes(resources, pages), actions: manifestActions(resources) };
}

/** A path with its parameter names erased and no trailing slash: two routes that match the same URLs compare equal. */
export const routeShape = (path: string): string => path.replace(/:[A-Za-z_]\w*/g, ":").replace(/(.)\/+$/, "$1");
