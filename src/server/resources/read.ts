import type { ResourceDef } from "../../framework/resource.js";
import { hooksOf } from "../domain/hooks.js";
import type { Ctx, Row } from "./context.js";
import { embedRelations } from "./relations.js";

/** Rows as the API returns them: relations embedded, computed fields added. */
export async function decorate(resource: ResourceDef, rows: Row[], ctx: Ctx, withMany: boolean): Promise<Row[]> {
  await embedRelations(resource, rows, ctx, withMany);
  await hooksOf(resource).decorate?.(rows, ctx);
  return rows;
}
