/**
 * Who may pick from a resource's rows without listing it: a form (or a declared action's input)
 * refers to it and the user may write that form. A requester files a PO request naming a vendor
 * without the vendors list; the pick is offered by GET /api/{resource}/options (id and name only).
 */
import { can, canAct, moduleEnabled, type Principal } from "./permissions.js";
import type { ResourceDef } from "./resource.js";
import { isWritable, propertiesOf, type Property } from "./schema.js";

const refersTo = (properties: Readonly<Record<string, Property>> | undefined, target: string) =>
  Object.values(properties ?? {}).some((p) => p["x-references"] === target || p.items?.["x-references"] === target);

export function mayChooseFrom(principal: Principal, target: ResourceDef, resources: readonly ResourceDef[]): boolean {
  if (canAct(principal, target, "list")) return true;
  return resources.some((resource) => {
    const writes = ([["create", "create"], ["edit", "update"]] as const).filter(([action]) => canAct(principal, resource, action));
    const formRefers = writes.some(([, mode]) => Object.entries(propertiesOf(resource))
      .some(([field, p]) => isWritable(resource, field, p, mode) && refersTo({ [field]: p }, target.name)));
    const actionRefers = moduleEnabled(principal, resource) && (resource.recordActions ?? [])
      .some((a) => can(principal, a.permission) && refersTo((a.input as { properties?: Record<string, Property> } | undefined)?.properties, target.name));
    return formRefers || actionRefers;
  });
}
