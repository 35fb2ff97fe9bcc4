/**
 * A screen addressed by approval id (spec 2.10): the legacy /invoices_approval/:approvalID leads
 * on to the approval's screen (the server's `approvable.screen`), or the approval list when the
 * approval is gone; a record's screen addressed so (/expenses_approval/:approvalID) shows the
 * approval's record.
 */
import { lazy } from "react";
import { useOne } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import type { ResourceDef } from "../../framework/resource.js";
import { outlineByName, pageResources, useResources } from "../declarations.js";
import type { Row } from "../format.js";
import { NotFound } from "../pages/Results.js";
import { approvableOf, isApprovalsView } from "./approvables.js";

const ShowPage = lazy(() => import("../pages/ShowPage.js"));

export function ByApprovalId({ resource, id }: { resource: ResourceDef; id: string }) {
  const { result: approval, query } = useOne<Row>({ resource: "approvals", id, errorNotification: false });
  if (query.isLoading) return <Spin />;
  const approvable = approval?.approvable as Row | null | undefined;
  if (isApprovalsView(resource)) return <Navigate replace to={(approvable?.screen as string | undefined) ?? resource.routes.list ?? "/"} />;
  const declaring = approvableOf(resource);
  if (!approval || !declaring || approval.approvable_type !== declaring.approvable.type) return <NotFound />;
  return <ApprovedRecord name={declaring.resource.name} id={String(approval.approvable_id)} />;
}

/** The approval's record on its show page, once the declarations that page renders are loaded. */
function ApprovedRecord({ name, id }: { name: string; id: string }) {
  const [resource] = useResources(pageResources(outlineByName.get(name)!, "approval"));
  return <ShowPage resource={resource} id={id} page="approval" />;
}
