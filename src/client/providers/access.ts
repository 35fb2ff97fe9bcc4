/** Refine access control: the same `canAct` rule the server enforces, for the signed-in user. */
import type { AccessControlProvider } from "@refinedev/core";
import { canAct, type ResourceAction } from "../../framework/permissions.js";
import { outlineByName } from "../declarations.js";
import { fetchCurrentUser } from "../user.js";

const actions = new Set<string>(["list", "show", "create", "edit", "delete"]);

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    const def = resource ? outlineByName.get(resource) : undefined;
    if (!def || !actions.has(action)) return { can: false };
    const user = await fetchCurrentUser();
    return { can: canAct(user, def, action as ResourceAction) };
  },
};
