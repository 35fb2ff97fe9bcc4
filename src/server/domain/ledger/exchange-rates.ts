/**
 * The one exchange-rate rule (docs/currency.md): the rate of a document is the company's latest
 * exchange rate for the document's currency dated on or before the document's date, in units of the
 * company's functional currency (companies.currency_code) per unit of the other; the functional
 * currency itself is 1. No such rate: 422 on the currency field, never a silent 1.
 *
 * A resource declaring `functional` (framework/resource.ts) gets its rate fixed by the write hooks
 * (`withFunctionalRate`, installed for every resource by domain/setup.ts); its amounts in the
 * functional currency are generated columns (amount × rate), so they follow every later change of
 * the amount. Writers outside the resource hooks (payment runs, card network, the recurring-invoice
 * job) fix the rate with `requiredRate` / `rateOn`.
 */
import { sql } from "kysely";
import type { FunctionalDef } from "../../../framework/resource.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

/** The rate of `currency` on `date` in the company (1 in its own currency), or null when it has none. */
export async function rateOn(trx: DB, companyId: number, currency: string, date: string): Promise<string | null> {
  const row = await sql<{ rate: string | null }>`select case when ${currency} = (select c.currency_code from companies c where c.id = ${companyId}) then '1'
    else (select r.rate::text from exchange_rates r where r.company_id = ${companyId} and r.currency_code = ${currency}
          and r.rate_date <= ${date}::date order by r.rate_date desc limit 1) end as rate`.execute(trx);
  return row.rows[0]?.rate ?? null;
}

const missingRateMessage = (currency: string, functional: string, date: string) =>
  `has no exchange rate to ${functional} on or before ${date}: enter a ${currency} rate under Exchange rates first`;

/** The rate of `currency` on `date`; 422 on `field` when the company has none. */
export async function requiredRate(trx: DB, ctx: Ctx, currency: string, date: string, field: string): Promise<string> {
  const rate = await rateOn(trx, ctx.company.id, currency, date);
  if (rate === null) throw unprocessable({ [field]: [missingRateMessage(currency, ctx.company.currency_code, date)] });
  return rate;
}

/** Fix `def.rate` on the data of a write when its currency or date is set (a create) or changes (an edit). */
async function fixRate(def: FunctionalDef, data: Row, existing: Row | undefined, ctx: Ctx, trx: DB): Promise<void> {
  const merged = { ...existing, ...data };
  const changed = !existing || [def.currency, def.date].some((f) => f in data && String(data[f]) !== String(existing[f]));
  if (!changed || merged[def.currency] == null || merged[def.date] == null) return;
  data[def.rate] = await requiredRate(trx, ctx, String(merged[def.currency]), String(merged[def.date]), def.currency);
}

/** The resource's hooks with the rate fixed after its own before-hooks (which may default the currency or date). */
export function withFunctionalRate(def: FunctionalDef, hooks: ResourceHooks): ResourceHooks {
  return {
    ...hooks,
    async beforeCreate(data, ctx, trx) {
      await hooks.beforeCreate?.(data, ctx, trx);
      await fixRate(def, data, undefined, ctx, trx);
    },
    async beforeUpdate(data, existing, ctx, trx) {
      await hooks.beforeUpdate?.(data, existing, ctx, trx);
      await fixRate(def, data, existing, ctx, trx);
    },
  };
}
