/** The server side of exchange_rates: a rate is of a foreign currency and positive (the functional currency is always 1). */
import exchangeRates from "../../../../resources/exchange_rates.js";
import { money } from "../../../framework/money.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";

function check(data: Row, ctx: Ctx): void {
  const errors: FieldErrors = {};
  if (data.currency_code === ctx.company.currency_code) errors.currency_code = [`is the company's own currency (${ctx.company.currency_code}), whose rate is always 1`];
  if (!money(String(data.rate)).gt(0)) errors.rate = ["must be greater than 0"];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export default defineServerModule(exchangeRates, {
  hooks: {
    beforeCreate: async (data, ctx) => check(data, ctx),
    beforeUpdate: async (data, existing, ctx) => check({ ...existing, ...data }, ctx),
  },
});
