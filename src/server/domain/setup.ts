/**
 * What the domain installs into the generic engine (buildApp calls installModules with it): the server
 * modules collected by `npm run db:generate` (modules.ts), and the approval engine's links to every
 * resource — the built-in submit of an approvable, the chain started or restarted by a write (and the
 * chains of rows created together, chains.ts), and `awaiting=me` on every list of approvable records. An approvable's engine is the one registered
 * for its type in approvals/approvables/index.ts (checked at boot by `checkApprovables`).
 */
import { tableOf, type ResourceDef } from "../../framework/resource.js";
import type { ModuleSetup, ResourceHooks, ServerModule } from "../resources/modules.js";
import { awaitingRecords } from "./approvals/approvals.js";
import { engines } from "./approvals/approvables/index.js";
import { approvalsAfterCreateMany } from "./approvals/chains.js";
import { approvalsAfterWrite, submitAction } from "./approvals/engine.js";
import { serverModules } from "./modules.js";
import { withFunctionalRate } from "./ledger/exchange-rates.js";

/** Every resource declaring `approvable` has an engine for its type, about a resource of the registry. */
function checkApprovables(resources: readonly ResourceDef[]): void {
  const names = new Set(resources.map((r) => r.name));
  for (const resource of resources) {
    if (!resource.approvable) continue;
    const engine = engines[resource.approvable.type];
    if (!engine) throw new Error(`Resource "${resource.name}" is approvable as ${resource.approvable.type}, which has no approval engine`);
    if (!names.has(engine.resource)) throw new Error(`The ${resource.approvable.type} approval engine names unknown resource "${engine.resource}"`);
  }
}

/** The engine's setup for `resources` with `modules` (default: every server module of the domain). */
export function domainSetup(resources: readonly ResourceDef[], modules: readonly ServerModule[] = serverModules): ModuleSetup {
  checkApprovables(resources);
  /** The approvable types whose records live in a table (read from the `approvable` declarations). */
  const functionalOf = (resource: ResourceDef) => resource.functional ?? resources.find((r) => r.name === tableOf(resource))?.functional;
  const approvableTypesOn = (table: string) => [...new Set(resources.filter((r) => r.approvable && tableOf(r) === table).map((r) => r.approvable!.type))];
  return {
    modules,
    builtins: { submit: submitAction },
    afterEveryWrite: approvalsAfterWrite,
    afterEveryCreateMany: approvalsAfterCreateMany,
    derive(resource, hooks): ResourceHooks {
      // a document in a currency of its own (or a view of one's table) has its rate fixed at its date
      const functional = functionalOf(resource);
      if (functional) hooks = withFunctionalRate(functional, hooks);
      const types = approvableTypesOn(tableOf(resource));
      if (!types.length || hooks.listParams?.awaiting) return hooks;
      return { ...hooks, listParams: { ...hooks.listParams, awaiting: awaitingRecords(types) } };
    },
  };
}
