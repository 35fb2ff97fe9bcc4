/**
 * The rules of a company's punchout suppliers (docs/punchout.md): the provider code in lower case and
 * one per company, and a shared secret always set — an edit that leaves it empty keeps the stored one
 * (it is never shown, so an edit form sends it empty).
 */
import punchoutSuppliers from "../../../../resources/punchout_suppliers.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";
import type { DB } from "../../db/connect.js";

async function check(data: Row, existing: Row | undefined, ctx: Ctx, trx: DB): Promise<void> {
  if (existing && (data.shared_secret === null || data.shared_secret === "")) delete data.shared_secret;
  const errors: FieldErrors = {};
  const secret = "shared_secret" in data ? data.shared_secret : existing?.shared_secret;
  if (typeof secret !== "string" || secret.trim() === "") errors.shared_secret = ["is required: the supplier checks it on every punchout"];
  if (typeof data.provider === "string" && data.provider !== existing?.provider) {
    const taken = await trx.selectFrom("punchout_suppliers").select("id").where("company_id", "=", ctx.company.id).where("provider", "=", data.provider).executeTakeFirst();
    if (taken) errors.provider = ["is already set up for another supplier"];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export default defineServerModule(punchoutSuppliers, {
  hooks: {
    beforeCreate: (data, ctx, trx) => check(data, undefined, ctx, trx),
    beforeUpdate: (data, existing, ctx, trx) => check(data, existing, ctx, trx),
  },
});
