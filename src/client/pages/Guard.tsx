import type { ReactNode } from "react";
import { canOpen, type RouteGuard as Guard } from "../../framework/permissions.js";
import { useUser } from "../user.js";
import { NotAuthorized } from "./Results.js";

/**
 * A route guard: the page renders only when the user holds one of the route's keys and its module
 * is on — the guard `pagePermissions` (resource routes) or the PageDef declares, checked by the
 * same `canOpen` the manifest and the tests use. Otherwise the 'Not Authorized' notice (spec 8).
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const user = useUser();
  return canOpen(user, guard) ? children : <NotAuthorized />;
}
