/**
 * The one rule for where a record's approval is acted on, read from the resources' routes: an
 * approval page of the resource that sees the type's records (its engine's), else of another
 * resource on its table (e.g. /po_approvals/:purchaseOrderID); a page addressed by approval id
 * (/expenses_approval/:approvalID) when the approval is known; else the record's detail page.
 * Notifications link there, and approval rows carry it (`approvable.screen`) for the client's lists.
 */
import { routesOf, tableOf, type RouteEntry } from "../../../framework/resource.js";
import { approvalRegistry, findEngine } from "./approvables/index.js";

interface Screens { byRecord?: RouteEntry; byApproval?: RouteEntry; show?: RouteEntry; list?: RouteEntry }

/** A type's screens, read from the routes once per installed engine (approval lists ask for every row). */
const screensByEngine = new WeakMap<object, Screens>();
const none: Screens = {};

function screensOf(type: string): Screens {
  const engine = findEngine(type);
  if (!engine) return none;
  const known = screensByEngine.get(engine);
  if (known) return known;
  const own = engine.def;
  const onTable = approvalRegistry().filter((r) => r !== own && tableOf(r) === tableOf(own));
  const routes = [own, ...onTable].flatMap(routesOf);
  const pages = routes.filter((e) => e.page === "approval" && e.idParam);
  const screens: Screens = {
    byRecord: pages.find((e) => e.idParam !== "approvalID"),
    byApproval: pages.find((e) => e.idParam === "approvalID"),
    show: routesOf(own).find((e) => e.page === "show" && e.idParam),
    list: routes.find((e) => e.view?.approvalList === true) ?? routesOf(own).find((e) => e.page === "list" && !e.idParam),
  };
  screensByEngine.set(engine, screens);
  return screens;
}

const fill = (entry: RouteEntry, id: number) => entry.path.replace(`:${entry.idParam!}`, String(id));

/** The record's detail page. */
export function recordPath(type: string, recordId: number): string | null {
  const { show } = screensOf(type);
  return show ? fill(show, recordId) : null;
}

/** The approver's list of the type's records awaiting them (else the records' list). */
export function approvalListPath(type: string): string | null {
  return screensOf(type).list?.path ?? null;
}

export function approvalPath(type: string, recordId: number, approvalId: number | null): string | null {
  const { byRecord, byApproval } = screensOf(type);
  if (byRecord) return fill(byRecord, recordId);
  if (byApproval && approvalId != null) return fill(byApproval, approvalId);
  return recordPath(type, recordId);
}
