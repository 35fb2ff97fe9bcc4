/**
 * Permission rule of the spec (section 6): a user's permissions are its perm_resources plus the
 * company's enabled module settings; where several keys are listed, holding any one suffices.
 * Server (403) and client (access control, menu, row actions) both call these functions.
 */
import type { PermissionKeys, ResourceDef, ResourcePermissions } from "./resource.js";

export interface Principal {
  perm_resources: readonly string[];
  module_settings: Readonly<Record<string, boolean>>;
  /** vendor-portal users: the company's modules do not count as permissions for them (spec 6) */
  portal?: boolean;
}

export type ResourceAction = keyof ResourcePermissions;

export function holds(principal: Principal, key: string): boolean {
  return principal.perm_resources.includes(key) || (!principal.portal && principal.module_settings[key] === true);
}

/** Any-one rule. An empty or absent list means no permission is needed. */
export function can(principal: Principal, keys: PermissionKeys | undefined): boolean {
  if (!keys || keys.length === 0) return true;
  return keys.some((key) => holds(principal, key));
}

export function moduleEnabled(principal: Principal, resource: Pick<ResourceDef, "module">): boolean {
  return !resource.module || principal.module_settings[resource.module] === true;
}

/**
 * May the principal perform `action` on `resource`? Undeclared actions are not offered, and the
 * staff app's resources and routes are closed to vendor-portal users whatever their keys.
 */
export function canAct(
  principal: Principal,
  resource: Pick<ResourceDef, "module" | "permissions">,
  action: ResourceAction,
): boolean {
  const keys = resource.permissions[action];
  if (keys === undefined || principal.portal) return false;
  return moduleEnabled(principal, resource) && can(principal, keys);
}

/** A route's guard: the keys of its page (any one; empty = none needed) and the module it needs. */
export interface RouteGuard {
  permissions: PermissionKeys | undefined;
  module?: string | null;
}

/** May the principal open a route? Undeclared keys (`undefined`) mean the page is not offered. */
export function canOpen(principal: Principal, guard: RouteGuard): boolean {
  return guard.permissions !== undefined && !principal.portal && moduleEnabled(principal, { module: guard.module ?? undefined }) && can(principal, guard.permissions);
}

/**
 * May the principal attach files to a record of `parent`? Whoever may create or edit such a record
 * (the clerk keying an invoice, the buyer writing an order), or who holds the documents archive's
 * upload keys. The server also requires the record to be one the principal can see.
 */
export function mayAttachTo(principal: Principal, parent: Pick<ResourceDef, "module" | "permissions"> | undefined, uploadKeys: PermissionKeys): boolean {
  if (can(principal, uploadKeys)) return true;
  return parent !== undefined && (canAct(principal, parent, "edit") || canAct(principal, parent, "create"));
}
