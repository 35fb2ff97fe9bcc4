/**
 * An approval screen whose record no longer awaits approval (a link from the bell or a mail, after
 * someone else approved or the chain was withdrawn): the approval view no longer lists the record,
 * so the person is taken to the record's own page, which shows its state and approval timeline, and
 * told why. Only when the record itself cannot be read is it "not found".
 */
import { useEffect } from "react";
import { useOne, useTranslation } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import type { ResourceDef } from "../../framework/resource.js";
import { canAct } from "../../framework/permissions.js";
import type { Row } from "../format.js";
import { notFoundShownByPage, notify } from "../notify.js";
import { NotFound } from "../pages/Results.js";
import { showPath } from "../registry.js";
import { useUser } from "../user.js";
import { outlineByName } from "../declarations.js";
import { approvableOf } from "./approvables.js";

export function DecidedApproval({ resource, id }: { resource: ResourceDef; id: string }) {
  const user = useUser();
  const { translate } = useTranslation();
  const declaring = outlineByName.get(approvableOf(resource)?.resource.name ?? "");
  const other = declaring && declaring.name !== resource.name && canAct(user, declaring, "show") ? declaring.name : undefined;
  const { result: record, query } = useOne<Row>({ resource: other ?? "", id, queryOptions: { enabled: other !== undefined }, meta: notFoundShownByPage });
  const target = other !== undefined && record !== undefined ? showPath(other, id) : undefined;
  const found = target !== undefined;
  useEffect(() => {
    if (found) notify("info", { title: translate("approvals.noLongerAwaiting", "This record no longer awaits your approval: it was decided or withdrawn.") });
  }, [found, translate]);
  if (other !== undefined && query.isLoading) return <Spin />;
  if (target === undefined) return <NotFound />;
  return <Navigate replace to={target} />;
}
