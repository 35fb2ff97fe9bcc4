/**
 * Exchange rates are the server's, never a client's: 1 for the company's currency; for another, the
 * rate an administrator keeps on the company's active subsidiary in that currency
 * (subsidiaries.exchange_rate, units of the company's currency per unit of the other). No such
 * subsidiary: 422 on the currency, so a report is never converted (and routed) at a typed rate.
 */
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx } from "../../resources/context.js";

export async function exchangeRate(trx: DB, ctx: Ctx, currency: string): Promise<string> {
  if (currency === ctx.company.currency_code) return "1";
  const subsidiary = await trx.selectFrom("subsidiaries").select("exchange_rate").where("company_id", "=", ctx.company.id)
    .where("currency_code", "=", currency).where("status", "=", "ACTIVE").orderBy("id").executeTakeFirst();
  if (!subsidiary) throw unprocessable({ currency_code: [`has no known exchange rate to ${ctx.company.currency_code}: an active subsidiary in ${currency} sets it`] });
  return String(subsidiary.exchange_rate);
}
