import type { ReactNode } from "react";
import { useCan } from "@refinedev/core";
import { Spin } from "antd";
import type { ResourceAction } from "../../framework/permissions.js";
import { NotAuthorized } from "./Results.js";

/** A route guard: the page renders only when the access-control provider allows the action. */
export function Guard({ resource, action, children }: { resource: string; action: ResourceAction; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action });
  if (isLoading) return <Spin />;
  return data?.can ? children : <NotAuthorized />;
}
