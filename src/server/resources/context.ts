import type { Principal } from "../../framework/permissions.js";
import type { DB } from "../db/connect.js";
import type { UnitContext } from "../db/unit-of-work.js";

export type Row = Record<string, unknown>;

export interface CompanyRow extends Row {
  id: number;
  name: string;
  currency_code: string;
  company_date_format: string;
  module_settings: Record<string, boolean> | null;
}

/** Who is asking, in which company: built once per request by the auth plugin. */
export interface Ctx extends UnitContext {
  db: DB;
  user: { id: number; email: string; name: string };
  contact: { id: number; role: string; language: string; vendor_id: number | null };
  company: CompanyRow;
  principal: Principal;
  /**
   * What the request's writes want the user to know without refusing anything (a budget overrun in
   * warn mode): sent with a successful answer as `warnings` (app.ts), shown by the client as a
   * notification. Absent outside a request (jobs, seeds): warnings are then only recorded where the
   * write records them.
   */
  warnings?: string[];
}

/** Tell the user something about a write that goes through (see Ctx.warnings). */
export function warn(ctx: Ctx, message: string): void {
  ctx.warnings?.push(message);
}
