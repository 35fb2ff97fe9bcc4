/**
 * An approval screen whose record no longer awaits approval (a link from the bell or a mail, after
 * someone else approved or the chain was withdrawn): the approval view no longer lists the record,
 * so the person is taken to the record's own page, which shows its state and approval timeline, and
 * told why. Only when the record itself cannot be read is it "not found".
 */
import { useEffect } from "react";
import { useCan, useOne, useTranslation } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import type { ResourceDef } from "../../framework/resource.js";
import type { Row } from "../format.js";
import { notFoundShownByPage, notify } from "../notify.js";
import { NotFound } from "../pages/Results.js";
import { showPath } from "../registry.js";
import { outlineByName } from "../declarations.js";
import { approvableOf } from "./approvables.js";

export function DecidedApproval({ resource, id }: { resource: ResourceDef; id: string }) {
  const { translate } = useTranslation();
  const declaring = outlineByName.get(approvableOf(resource)?.resource.name ?? "");
  const elsewhere = declaring && declaring.name !== resource.name ? declaring.name : undefined;
  const readable = useCan({ resource: elsewhere ?? "", action: "show", queryOptions: { enabled: elsewhere !== undefined } });
  const other = readable.data?.can ? elsewhere : undefined;
  const { result: record, query } = useOne<Row>({ resource: other ?? "", id, queryOptions: { enabled: other !== undefined }, meta: notFoundShownByPage });
  const target = other !== undefined && record !== undefined ? showPath(other, id) : undefined;
  const found = target !== undefined;
  useEffect(() => {
    if (found) notify("info", { title: translate("approvals.noLongerAwaiting", "This record no longer awaits your approval: it was decided or withdrawn.") });
  }, [found, translate]);
  if (elsewhere !== undefined && (readable.isLoading || (other !== undefined && query.isLoading))) return <Spin />;
  if (target === undefined) return <NotFound />;
  return <Navigate replace to={target} />;
}
