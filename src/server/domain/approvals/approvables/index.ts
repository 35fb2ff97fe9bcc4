/**
 * The approval engine's view of each approvable type, DERIVED from the declarations: a resource's
 * `approval` (type, statuses, restart and re-approval rules) joined with its server module's `approval`
 * (facts, checks, what an approval does; the behaviour files beside this one). buildApp installs them
 * (domainSetup → installApprovals); a missing piece is a boot error naming it, never a silent default:
 * an `approval` declared without the module's behaviour or the other way round, two declarations of one
 * type, an `approvable` (submit) or personal scope naming an undeclared type, a workflow type no
 * declaration approves by, several approved statuses without `approvedStatus`, a notice label missing
 * from a locale (`approvals.values.approvable_type.<type>`, and `workflows.values.workflow_type.<type>`).
 */
import { tableOf, type ResourceDef } from "../../../../framework/resource.js";
import type { ApprovalBehaviour } from "../../../resources/approval-module.js";
import type { ServerModule } from "../../../resources/modules.js";
import type { Row } from "../../../resources/context.js";
import { unprocessable } from "../../../errors.js";
import { hasMessage } from "../../../locale.js";

/** How the engine reads and moves one approvable type's records: the declaration and the module's behaviour. */
export interface Engine extends Omit<ApprovalBehaviour, "approvedStatus"> {
  type: string;
  /** the resource that sees the record in every approval state (its table holds the records; locks, links) */
  resource: string;
  def: ResourceDef;
  /** whose workflows apply */
  workflowType: string;
  requester?: string;
  restartOn?: readonly string[];
  reapprove?: { fields: readonly string[]; statuses: readonly string[] };
  amountColumn?: string;
  /** the record's status once every step approved */
  approvedStatus(record: Row): string;
  rejectedStatus: string;
  pendingStatus: string;
}

interface Installed {
  engines: ReadonlyMap<string, Engine>;
  resources: readonly ResourceDef[];
}

let installed: Installed | undefined;

/** The notice label's locale key of an approvable type (the approval lists show the same key). */
export const typeLabelKey = (type: string) => `approvals.values.approvable_type.${type}`;
export const workflowLabelKey = (type: string) => `workflows.values.workflow_type.${type}`;

/** The engines of `resources` with `modules`; throws on any missing or inconsistent piece. */
export function buildEngines(resources: readonly ResourceDef[], modules: readonly ServerModule[]): Map<string, Engine> {
  const behaviourOf = new Map(modules.flatMap((m) => (m.approval ? [[m.resource.name, m.approval] as const] : [])));
  const engines = new Map<string, Engine>();
  for (const def of resources) {
    const declared = def.approval;
    const behaviour = behaviourOf.get(def.name);
    if (!declared) {
      if (behaviour) throw new Error(`The server module of "${def.name}" implements an approval that the resource does not declare`);
      continue;
    }
    if (!behaviour) throw new Error(`Resource "${def.name}" declares the ${declared.type} approval but its server module implements none (approval: { facts, … })`);
    const other = engines.get(declared.type);
    if (other) throw new Error(`Resources "${other.resource}" and "${def.name}" both declare the ${declared.type} approval`);
    const approved = declared.statuses.approved;
    if (approved.length > 1 && !behaviour.approvedStatus) throw new Error(`The ${declared.type} approval ends in one of ${approved.join(", ")}: its server module must say which (approvedStatus)`);
    const pick = behaviour.approvedStatus;
    const approvedStatus = pick
      ? (record: Row) => {
        const status = pick(record);
        if (!approved.includes(status)) throw new Error(`The ${declared.type} approval ended in ${status}, which its declaration does not name`);
        return status;
      }
      : () => approved[0];
    engines.set(declared.type, {
      ...behaviour,
      type: declared.type,
      resource: def.name,
      def,
      workflowType: declared.workflowType ?? declared.type,
      requester: declared.requester,
      restartOn: declared.restartOn,
      reapprove: declared.reapprove,
      amountColumn: declared.amountColumn,
      approvedStatus,
      rejectedStatus: declared.statuses.rejected,
      pendingStatus: declared.statuses.pending,
    });
  }
  for (const engine of engines.values()) {
    if (!engines.has(engine.workflowType)) throw new Error(`The ${engine.type} approval goes through ${engine.workflowType} workflows, which no resource declares an approval of`);
    for (const key of [typeLabelKey(engine.type), ...(engine.workflowType === engine.type ? [workflowLabelKey(engine.type)] : [])]) {
      for (const language of ["en", "es"]) {
        if (!hasMessage(language, key)) throw new Error(`The ${engine.type} approval has no label "${key}" in locales/${language}.json`);
      }
    }
  }
  for (const def of resources) {
    for (const type of [def.approvable?.type, def.personalScope?.approvals?.type]) {
      if (type !== undefined && !engines.has(type)) throw new Error(`Resource "${def.name}" names the ${type} approval, which no resource declares`);
    }
  }
  return engines;
}

/** Install the engines for the app's registry (buildApp, through domainSetup; the demo seed). */
export function installApprovals(resources: readonly ResourceDef[], modules: readonly ServerModule[]): void {
  installed = { engines: buildEngines(resources, modules), resources };
}

export const approvalsInstalled = (): boolean => installed !== undefined;

function current(): Installed {
  if (!installed) throw new Error("The approval engines are not installed (buildApp installs them)");
  return installed;
}

/** The engine of an approvable type; 422 for a type no resource declares. */
export function engineOf(type: string): Engine {
  const engine = current().engines.get(type);
  if (!engine) throw unprocessable({ approvable_type: [`${type} is not an approvable type`] });
  return engine;
}

/** The engine of a type when there is one (approval rows of an unknown type show no record). */
export const findEngine = (type: string): Engine | undefined => current().engines.get(type);

/** Every approvable type with its engine, in the registry's order. */
export const allEngines = (): readonly Engine[] => [...current().engines.values()];

/** The approvable types whose records live in this table. */
export const enginesOnTable = (table: string): readonly Engine[] => allEngines().filter((e) => tableOf(e.def) === table);

/** The installed registry (views of an engine's table: approval screens). */
export const approvalRegistry = (): readonly ResourceDef[] => current().resources;
