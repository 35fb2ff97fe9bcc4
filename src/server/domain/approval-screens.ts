/**
 * The one rule for where a record's approval is acted on, read from the resources' routes: an
 * approval page of the resource that sees the type's records (its engine's), else of another
 * resource on its table (e.g. /po_approvals/:purchaseOrderID); a page addressed by approval id
 * (/expenses_approval/:approvalID) when the approval is known; else the record's detail page.
 * Notifications link there, and approval rows carry it (`approvable.screen`) for the client's lists.
 */
import { routesOf, tableOf } from "../../framework/resource.js";
import { resources, resourceByName } from "../../../resources/index.js";
import { engines } from "./approvables/index.js";

const recordsResource = (type: string) => {
  const engine = engines[type as keyof typeof engines];
  return engine && resourceByName.get(engine.resource);
};

const fill = (path: string, param: string, id: number) => path.replace(`:${param}`, String(id));

/** The record's detail page. */
export function recordPath(type: string, recordId: number): string | null {
  const own = recordsResource(type);
  const show = own && routesOf(own).find((e) => e.page === "show" && e.idParam);
  return show ? fill(show.path, show.idParam!, recordId) : null;
}

export function approvalPath(type: string, recordId: number, approvalId: number | null): string | null {
  const own = recordsResource(type);
  if (!own) return null;
  const onTable = resources.filter((r) => r !== own && tableOf(r) === tableOf(own));
  const pages = [own, ...onTable].flatMap(routesOf).filter((e) => e.page === "approval" && e.idParam);
  const byRecord = pages.find((e) => e.idParam !== "approvalID");
  const byApproval = approvalId != null ? pages.find((e) => e.idParam === "approvalID") : undefined;
  if (byRecord) return fill(byRecord.path, byRecord.idParam!, recordId);
  if (byApproval) return fill(byApproval.path, byApproval.idParam!, approvalId!);
  return recordPath(type, recordId);
}
