/**
 * Permission rule of the spec (section 6): a user's permissions are its perm_resources plus the
 * company's enabled module settings; where several keys are listed, holding any one suffices.
 * Server (403) and client (access control, menu, row actions) both call these functions.
 */
import type { PermissionKeys, ResourceDef, ResourcePermissions } from "./resource.js";

export interface Principal {
  perm_resources: readonly string[];
  module_settings: Readonly<Record<string, boolean>>;
  /** a vendor-portal user: "gets the vendor portal, not the company defaults" (spec 6), so the
   *  company's modules do not act as its permission keys (approver-style guards such as invoices_active) */
  vendor?: boolean;
}

export type ResourceAction = keyof ResourcePermissions;

export function holds(principal: Principal, key: string): boolean {
  return principal.perm_resources.includes(key) || (principal.vendor !== true && principal.module_settings[key] === true);
}

/** Any-one rule. An empty or absent list means no permission is needed. */
export function can(principal: Principal, keys: PermissionKeys | undefined): boolean {
  if (!keys || keys.length === 0) return true;
  return keys.some((key) => holds(principal, key));
}

export function moduleEnabled(principal: Principal, resource: Pick<ResourceDef, "module">): boolean {
  return !resource.module || principal.module_settings[resource.module] === true;
}

/** May the principal perform `action` on `resource`? Undeclared actions are not offered. */
export function canAct(
  principal: Principal,
  resource: Pick<ResourceDef, "module" | "permissions">,
  action: ResourceAction,
): boolean {
  const keys = resource.permissions[action];
  if (keys === undefined) return false;
  return moduleEnabled(principal, resource) && can(principal, keys);
}
