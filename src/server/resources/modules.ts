/**
 * Server modules: the behaviour of a resource beyond generic create/read/update/delete — its hooks and
 * the handlers of its declared record actions — in one typed object per resource
 * (`defineServerModule(declaration, {...})`, in src/server/domain/<area>/<resource>.server.ts, collected
 * into src/server/domain/modules.ts by `npm run db:generate`). The generic engine never imports the
 * domain: buildApp installs the modules here (`installModules`), and everything below reads them.
 *
 * Rules checked at install (boot), each an error naming the culprit, never a silent default:
 * a module for a resource the registry does not hold; two modules for one resource; a declared action
 * (other than a `to` transition) or portal action without its handler; a handler without a declared action.
 * A view of another resource's table (ResourceDef.table) without a module of its own shares the module
 * of the resource owning that table (tableOf fallback), handlers included.
 */
import { declaredActions, type ResourceDef } from "../../framework/resource.js";
import type { DB } from "../db/connect.js";
import type { StoredUpload } from "../files/upload.js";
import type { ApprovalBehaviour } from "./approval-module.js";
import type { Ctx, Row } from "./context.js";
import { useScopeHooks, type ListParams, type ScopeHook } from "./query.js";

export interface ResourceHooks {
  /** add the resource's computed fields to rows about to be returned */
  decorate?(rows: Row[], ctx: Ctx): Promise<void> | void;
  /** complete (server fields) and check a new row inside the write transaction */
  beforeCreate?(data: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /**
   * `beforeCreate` for a batch of new rows (a bulk import's), set-based: does for the batch exactly what
   * `beforeCreate` does for each row, in order, as if the rows were created one after the other. The rows
   * carry the `id` reserved for them (the batch's rows may refer to each other, e.g. a duplicate flag); a
   * refusal (422) refuses the batch, which the caller then writes row by row. A resource with
   * `beforeCreate` is written set-based only when it has this too; keep one rule: let `beforeCreate`
   * call it with one row.
   */
  beforeCreateMany?(rows: Row[], ctx: Ctx, trx: DB): Promise<void> | void;
  beforeUpdate?(data: Row, existing: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** before a delete, in its transaction: refuse it (422/409) or remove what depends on the row */
  beforeDelete?(existing: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** after insert/update/delete, in the same transaction (e.g. roll totals up to a parent) */
  afterWrite?(row: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** confines every query on the resource (list, show, stats, writes, relations) beyond the declared scoping */
  scope?: ScopeHook;
  /** replaces the generic insert, e.g. when a create spans several tables */
  insert?(data: Row, ctx: Ctx, trx: DB): Promise<Row>;
  /**
   * list parameters beyond the filter grammar (e.g. approvals' `awaiting=me`), by name: each adds
   * its conditions to the list (and stats) query of the rows aliased `t`
   */
  listParams?: ListParams;
  /**
   * The resource's own answer to a generic request, tried first; `undefined` falls through to the
   * generic one. `list` sees the query (custom_labels ?hashify answers a map); `update` runs before the
   * generic edit guard and must guard itself (a user accepting the terms for themself).
   */
  answers?: {
    list?(query: Record<string, unknown>, ctx: Ctx): Promise<unknown>;
    update?(id: string, body: unknown, ctx: Ctx): Promise<unknown>;
  };
}

/** What an action's handler gets: the row it acts on (locked, for a post), the validated input, the transaction. */
export interface ActionCall {
  resource: ResourceDef;
  row: Row;
  input: Row;
  /** the transaction's ctx (ctx.db is the transaction; queueMail works) for a post; the request's for a GET */
  ctx: Ctx;
}

/** A file a download action answers with. */
export interface ActionFile { contentType: string; fileName: string; content: string | Buffer }

/**
 * What a handler may answer (nothing: the acted-on record, decorated, as `{ data }`):
 * `show` another record of the resource instead (a reissue's new payment), or `data` as is;
 * `status` of the answer (default 200); `file` for a download action. The tables it wrote are read
 * from its statements (db/written-tables.ts).
 */
export interface ActionResult {
  show?: number;
  data?: unknown;
  status?: number;
  file?: ActionFile;
}

export type ActionHandler = (call: ActionCall) => Promise<ActionResult | void> | ActionResult | void;

/**
 * A handler with its options: `find` finds and locks the row itself instead of the resource's scoped
 * lookup (an approval: its record is locked first, the lock order of every write on it, and who may act
 * is the engine's answer, 403, not the approvals list's scope).
 */
export interface ActionEntry {
  run: ActionHandler;
  find?(id: string, ctx: Ctx): Promise<Row | undefined>;
}

/**
 * What a portal action's handler gets (portal-actions.ts): the vendor's row it acts on, locked (none for
 * a collection action), the validated input, the stored file of a file action, the transaction's ctx
 * (a vendor-portal principal: ctx.contact is the vendor's contact, ctx.company the purchaser).
 */
export interface PortalActionCall {
  resource: ResourceDef;
  row?: Row;
  input: Row;
  file?: StoredUpload;
  ctx: Ctx;
}

export type PortalActionHandler = (call: PortalActionCall) => Promise<ActionResult | void> | ActionResult | void;

/** The names of the record actions a declaration needs handlers for: every declared action but `to` transitions. */
type HandledActionName<R> = R extends { recordActions: readonly (infer A)[] }
  ? A extends { name: infer N extends string; to?: undefined } ? N : never
  : never;

type ActionsOf<R> = [HandledActionName<R>] extends [never]
  ? { actions?: Record<string, never> }
  : { actions: Record<HandledActionName<R>, ActionHandler | ActionEntry> };

/** The names of the portal actions a declaration needs handlers for: all of them. */
type PortalActionName<R> = R extends { portal: { recordActions: readonly (infer A)[] } }
  ? A extends { name: infer N extends string } ? N : never
  : never;

type PortalActionsOf<R> = [PortalActionName<R>] extends [never]
  ? { portalActions?: Record<string, never> }
  : { portalActions: Record<PortalActionName<R>, PortalActionHandler> };

/** A resource declaring `approval` implements it (facts, checks, effects); any other has none. */
type ApprovalOf<R> = R extends { approval: object } ? { approval: ApprovalBehaviour } : { approval?: undefined };

export type ServerModule = {
  resource: ResourceDef;
  hooks: ResourceHooks;
  /** the behaviour of the resource's declared approval (read by the approval engine, domain/approvals) */
  approval?: ApprovalBehaviour;
  actions: Readonly<Record<string, ActionHandler | ActionEntry>>;
  portalActions: Readonly<Record<string, PortalActionHandler>>;
};

/**
 * A resource's server module. Typed against the declaration: a missing or misspelt handler name is a
 * compile error (and a boot error, see installModules).
 */
export function defineServerModule<const R extends ResourceDef>(resource: R, module: { hooks?: ResourceHooks } & ActionsOf<R> & PortalActionsOf<R> & ApprovalOf<R>): ServerModule {
  return { resource, hooks: module.hooks ?? {}, actions: (module.actions ?? {}), portalActions: (module.portalActions ?? {}), approval: module.approval };
}

/** Actions that are served by the framework itself for resources with a certain declaration (e.g. submit for approvables). */
export interface BuiltinActions {
  /** POST /api/{name}/{id}/submit of every resource declaring `approvable` */
  submit?: ActionHandler;
}

export interface ModuleSetup {
  modules: readonly ServerModule[];
  builtins?: BuiltinActions;
  /** hooks every resource gets beyond its module's, derived from its declaration (the approval lists' `awaiting=me`) */
  derive?(resource: ResourceDef, hooks: ResourceHooks): ResourceHooks;
  /**
   * called in every generic write's transaction after the row is written (the approval engine's chain start),
   * with the line relations of the document the write changed; returns whether it moved the row on
   */
  afterEveryWrite?(trx: DB, ctx: Ctx, resource: ResourceDef, before: Row | undefined, after: Row, linesChanged: readonly string[]): Promise<boolean>;
  /** `afterEveryWrite` of many rows just created together (a bulk import's batch), set-based, in their transaction */
  afterEveryCreateMany?(trx: DB, ctx: Ctx, resource: ResourceDef, rows: readonly Row[]): Promise<void>;
}

interface Installed {
  setup: ModuleSetup;
  byName: Map<string, ServerModule>;
  hooks: Map<string, ResourceHooks>;
}

let installed: Installed | undefined;

/** The module serving a resource: its own, else (a view of another resource's table) the table owner's. */
function moduleFor(byName: ReadonlyMap<string, ServerModule>, resource: ResourceDef): ServerModule | undefined {
  return byName.get(resource.name) ?? (resource.table ? byName.get(resource.table) : undefined);
}

const isEntry = (value: ActionHandler | ActionEntry): value is ActionEntry => typeof value === "object";

/** Install the server modules for `resources`; throws (the app does not boot) on any inconsistency. */
export function installModules(resources: readonly ResourceDef[], setup: ModuleSetup): void {
  const known = new Map(resources.map((r) => [r.name, r]));
  const byName = new Map<string, ServerModule>();
  for (const module of setup.modules) {
    const name = module.resource.name;
    if (!known.has(name)) throw new Error(`Server module for unknown resource "${name}"`);
    if (byName.has(name)) throw new Error(`Two server modules for resource "${name}"`);
    byName.set(name, module);
  }
  const served = new Map<ServerModule, Set<string>>();
  for (const resource of resources) {
    const module = moduleFor(byName, resource);
    for (const action of declaredActions(resource)) {
      if (action.to !== undefined) continue;
      if (action.name === "submit" && resource.approvable) {
        if (!setup.builtins?.submit) throw new Error(`Resource "${resource.name}" is approvable but no submit handler is installed`);
        continue;
      }
      if (!module?.actions[action.name]) throw new Error(`Action "${action.name}" of resource "${resource.name}" has no handler in a server module`);
      if (!served.has(module)) served.set(module, new Set());
      served.get(module)!.add(action.name);
    }
  }
  for (const module of setup.modules) {
    for (const name of Object.keys(module.actions)) {
      if (!served.get(module)?.has(name)) throw new Error(`Server module of "${module.resource.name}" has a handler "${name}" for no declared action`);
    }
    const portal = new Set((module.resource.portal?.recordActions ?? []).map((a) => a.name));
    for (const name of portal) {
      if (!module.portalActions[name]) throw new Error(`Portal action "${name}" of resource "${module.resource.name}" has no handler in its server module`);
    }
    for (const name of Object.keys(module.portalActions)) {
      if (!portal.has(name)) throw new Error(`Server module of "${module.resource.name}" has a portal handler "${name}" for no declared portal action`);
    }
  }
  for (const resource of resources) {
    if (resource.portal?.recordActions?.length && byName.get(resource.name) === undefined) {
      throw new Error(`Portal actions of resource "${resource.name}" have no server module`);
    }
  }
  installed = { setup, byName, hooks: new Map() };
}

function current(): Installed {
  if (!installed) throw new Error("Server modules are not installed (buildApp installs them)");
  return installed;
}

/** A resource's hooks: its module's (or, for a view of another resource's table, that resource's), as derived at install. */
export function hooksOf(resource: ResourceDef): ResourceHooks {
  const { setup, byName, hooks } = current();
  const known = hooks.get(resource.name);
  if (known) return known;
  const own = moduleFor(byName, resource)?.hooks ?? {};
  const result = setup.derive ? setup.derive(resource, own) : own;
  hooks.set(resource.name, result);
  return result;
}

/** The handler of a declared action (its module's, or the installed builtin), with its options. */
export function actionEntry(resource: ResourceDef, name: string): ActionEntry {
  const { setup, byName } = current();
  const handler = name === "submit" && resource.approvable ? setup.builtins?.submit : moduleFor(byName, resource)?.actions[name];
  if (!handler) throw new Error(`Action "${name}" of resource "${resource.name}" has no handler`);
  return isEntry(handler) ? handler : { run: handler };
}

/** The handler of a declared portal action (its resource's own module). */
export function portalActionHandler(resource: ResourceDef, name: string): PortalActionHandler {
  const handler = current().byName.get(resource.name)?.portalActions[name];
  if (!handler) throw new Error(`Portal action "${name}" of resource "${resource.name}" has no handler`);
  return handler;
}

/** The write path's after-write step installed by the composition (approval chains); none: no tables. */
export async function afterEveryWrite(trx: DB, ctx: Ctx, resource: ResourceDef, before: Row | undefined, after: Row, linesChanged: readonly string[] = []): Promise<boolean> {
  return (await current().setup.afterEveryWrite?.(trx, ctx, resource, before, after, linesChanged)) ?? false;
}

/** The after-write step of rows created together (approval chains started for the batch at once). */
export async function afterEveryCreateMany(trx: DB, ctx: Ctx, resource: ResourceDef, rows: readonly Row[]): Promise<void> {
  if (rows.length) await current().setup.afterEveryCreateMany?.(trx, ctx, resource, rows);
}

useScopeHooks((resource) => hooksOf(resource).scope);
