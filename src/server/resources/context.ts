import type { Principal } from "../../framework/permissions.js";
import type { DB } from "../db/connect.js";
import type { Mail } from "../mail/outbox.js";

export type Row = Record<string, unknown>;

export interface CompanyRow extends Row {
  id: number;
  name: string;
  currency_code: string;
  company_date_format: string;
  module_settings: Record<string, boolean> | null;
}

/** Who is asking, in which company: built once per request by the auth plugin. */
export interface Ctx {
  db: DB;
  user: { id: number; email: string; name: string };
  contact: { id: number; role: string; language: string; vendor_id: number | null };
  company: CompanyRow;
  principal: Principal;
  /** inside inTransaction (src/server/mail/outbox.ts): the e-mail to send once the transaction commits */
  outbox?: Mail[];
}
