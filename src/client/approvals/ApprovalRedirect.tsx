/**
 * A screen addressed by approval id (legacy /invoices_approval/:approvalID, spec 2.10): the
 * approval's record's approval screen, or the approval list when the record has none.
 */
import { useOne } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import type { ResourceDef } from "../../framework/resource.js";
import type { Row } from "../format.js";
import { approvalScreenPath } from "./approvables.js";

export function ApprovalRedirect({ resource, id }: { resource: ResourceDef; id: string }) {
  const { result: approval, query } = useOne<Row>({ resource: resource.name, id, errorNotification: false });
  if (query.isLoading) return <Spin />;
  const to = approval ? approvalScreenPath(String(approval.approvable_type), approval.approvable_id) : undefined;
  return <Navigate replace to={to ?? resource.routes.list ?? "/"} />;
}
