/**
 * Declared status transitions shared by many resources (RecordAction `to`): statuses are server-owned,
 * so switching a record on and off is an action of its own, not an edit of its status.
 */
import type { PermissionKeys, RecordAction } from "../../src/framework/resource.js";

/** ACTIVE → INACTIVE. */
export const deactivation = (permission: PermissionKeys): RecordAction =>
  ({ name: "deactivate", kind: "post", label: "statusActions.deactivate", permission, when: { status: "ACTIVE" }, to: "INACTIVE", confirm: "confirm.deactivate" });

/** ACTIVE ⇄ INACTIVE; `from` adds statuses an activation starts from (a report ready to run: NEW). */
export const activation = (permission: PermissionKeys, from: readonly string[] = ["INACTIVE"]): readonly RecordAction[] => [
  { name: "activate", kind: "post", label: "statusActions.activate", permission, when: { status: from }, to: "ACTIVE" },
  deactivation(permission),
];
