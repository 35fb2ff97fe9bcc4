/**
 * Statements (and parts of them) built for one reader, kept while the reader stays the same: building
 * and compiling a statement with a scoped subquery per relation costs more than the rest of a request.
 * What such a statement depends on: the resource; the reader's keys and modules (which relations,
 * scope hooks) — the principal object, which lives as long as the auth cache's session built on them;
 * their user, contact and company (owner, personal scope, tenant); and today (delegations). The
 * principal keys a WeakMap, the rest is compared on every use.
 */
import { isoDate } from "../../framework/dates.js";
import type { Principal } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import type { Ctx } from "./context.js";

export function perReader<T>(build: (resource: ResourceDef, ctx: Ctx) => T): (resource: ResourceDef, ctx: Ctx) => T {
  const kept = new WeakMap<Principal, WeakMap<ResourceDef, { reader: string; value: T }>>();
  return (resource, ctx) => {
    let byResource = kept.get(ctx.principal);
    if (!byResource) kept.set(ctx.principal, (byResource = new WeakMap()));
    const reader = `${ctx.user.id}:${ctx.contact.id}:${ctx.company.id}:${isoDate()}`;
    const entry = byResource.get(resource);
    if (entry?.reader === reader) return entry.value;
    const value = build(resource, ctx);
    byResource.set(resource, { reader, value });
    return value;
  };
}
