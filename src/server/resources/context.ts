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
}
