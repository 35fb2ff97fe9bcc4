/**
 * Refine's access control, the client's one door for "may this user…": the rules the server applies
 * (framework/permissions.ts), for the signed-in user. Components ask through `useCan`/`<CanAccess>`:
 * - a resource's action (`list`, `show`, `create`, `edit`, `delete`): `canAct`;
 * - a page (`action: "open"`, `params.guard`: the keys and module its route declares): `canOpen`.
 * What is not a component (menu building, a cell's link) asks the same rules directly (docs/client.md).
 */
import type { AccessControlProvider } from "@refinedev/core";
import { canAct, canOpen, type ResourceAction, type RouteGuard } from "../../framework/permissions.js";
import { outlineByName } from "../declarations.js";
import { fetchCurrentUser } from "../user.js";

const actions = new Set<string>(["list", "show", "create", "edit", "delete"]);

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    const user = await fetchCurrentUser();
    if (action === "open") {
      const guard = params?.guard as RouteGuard | undefined;
      return { can: guard !== undefined && canOpen(user, guard) };
    }
    const def = resource ? outlineByName.get(resource) : undefined;
    if (!def || !actions.has(action)) return { can: false };
    return { can: canAct(user, def, action as ResourceAction) };
  },
  // an answer holds for the page load: the signed-in user is read once (a company switch reloads)
  options: { queryOptions: { staleTime: Infinity } },
};
