import type { ReactNode } from "react";
import { useCan } from "@refinedev/core";
import type { RouteGuard as Guard } from "../../framework/permissions.js";
import { NotAuthorized } from "./Results.js";

/**
 * A route guard: the page renders only when the user holds one of the route's keys and its module
 * is on — the guard `pagePermissions` (resource routes) or the PageDef declares, asked of the access
 * control provider (`open`: the same `canOpen` the manifest and the tests use). Otherwise the 'Not
 * Authorized' notice (spec 8); nothing while the answer is awaited.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { data } = useCan({ action: "open", params: { guard } });
  if (!data) return null;
  return data.can ? children : <NotAuthorized />;
}
