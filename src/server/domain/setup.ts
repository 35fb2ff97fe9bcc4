/**
 * What the domain installs into the generic engine (buildApp calls installModules with it): the server
 * modules collected by `npm run db:generate` (modules.ts), and the approval engine's links to every
 * resource — the built-in submit of an approvable, the chain started or restarted by a write (and the
 * chains of rows created together, chains.ts), and `awaiting=me` on every list of approvable records. The approval engines are derived from the
 * resources' `approval` declarations and their modules' `approval` (approvals/approvables/index.ts, checked at boot).
 */
import { tableOf, type ResourceDef } from "../../framework/resource.js";
import type { ModuleSetup, ResourceHooks, ServerModule } from "../resources/modules.js";
import { awaitingRecords } from "./approvals/approvals.js";
import { installApprovals } from "./approvals/approvables/index.js";
import { approvalsAfterCreateMany } from "./approvals/chains.js";
import { approvalsAfterWrite, submitAction } from "./approvals/engine.js";
import { serverModules } from "./modules.js";
import { withFunctionalRate } from "./ledger/exchange-rates.js";

/** The engine's setup for `resources` with `modules` (default: every server module of the domain). */
export function domainSetup(resources: readonly ResourceDef[], modules: readonly ServerModule[] = serverModules): ModuleSetup {
  // the approval engines, derived from the declarations and their modules (a missing piece stops the boot)
  installApprovals(resources, modules);
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
