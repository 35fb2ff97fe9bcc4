/**
 * Who may pick from a resource's rows without listing it: a form (or a declared action's input)
 * refers to it and the user may write that form. A requester files a PO request naming a vendor
 * without the vendors list; the pick is offered by GET /api/{resource}/options (id and name only).
 */
import { can, canAct, moduleEnabled, type Principal } from "./permissions.js";
import type { PermissionKeys, ResourceDef } from "./resource.js";
import { isWritable, propertiesOf, type Property } from "./schema.js";

const refersTo = (properties: Readonly<Record<string, Property>> | undefined, target: string) =>
  Object.values(properties ?? {}).some((p) => p["x-references"] === target || p.items?.["x-references"] === target);

/** One way to be offered a resource's rows: a form or action referring to it, open with `module` on and any one of `permission`. */
export interface ChooseGrant {
  module?: string;
  permission: PermissionKeys;
}

/** The forms and actions that refer to `target`, as the module and keys that open them (repeats left out). */
export function chooseGrants(target: string, resources: readonly ResourceDef[]): ChooseGrant[] {
  const grants = resources.flatMap((resource) => {
    const forms = ([["create", "create"], ["edit", "update"]] as const).flatMap(([action, mode]) => {
      const permission = resource.permissions[action];
      const refers = Object.entries(propertiesOf(resource)).some(([field, p]) => isWritable(resource, field, p, mode) && refersTo({ [field]: p }, target));
      return permission && refers ? [permission] : [];
    });
    const actions = (resource.recordActions ?? [])
      .filter((a) => refersTo((a.input as { properties?: Record<string, Property> } | undefined)?.properties, target)).map((a) => a.permission);
    return [...forms, ...actions].map((permission) => ({ ...(resource.module ? { module: resource.module } : {}), permission }));
  });
  return grants.filter((g, i) => grants.findIndex((o) => JSON.stringify(o) === JSON.stringify(g)) === i);
}

/** May the principal pick from `target`'s rows: it may list them, or write a form or action referring to them (a staff user). */
export function mayChoose(principal: Principal, target: Pick<ResourceDef, "module" | "permissions">, grants: readonly ChooseGrant[]): boolean {
  if (canAct(principal, target, "list")) return true;
  return !principal.portal && grants.some((g) => moduleEnabled(principal, g) && can(principal, g.permission));
}

export const mayChooseFrom = (principal: Principal, target: ResourceDef, resources: readonly ResourceDef[]): boolean =>
  mayChoose(principal, target, chooseGrants(target.name, resources));
