/**
 * Addresses: the owner must be a record of this company and the writer must hold the key of the
 * owner's kind; an owner's first address is its primary one, and making one primary demotes the others.
 */
import { can } from "../../../framework/permissions.js";
import type { DB } from "../../db/connect.js";
import { forbidden, unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { referenceExists, referenceTitles } from "./lookups.js";

/** the key that writes addresses of each owner kind */
export const addressWriteKeys: Readonly<Record<string, string>> = { Company: "allowCompanySettings", Vendor: "editVendors", Contact: "editContacts" };

async function checkOwner(address: Row, ctx: Ctx): Promise<void> {
  const type = String(address.owner_type ?? "Company");
  const key = addressWriteKeys[type];
  if (!can(ctx.principal, [key])) throw forbidden(`You need the ${key} permission to change ${type.toLowerCase()} addresses.`);
  const id = Number(address.owner_id);
  const exists = type === "Company" ? id === ctx.company.id : await referenceExists(ctx, type, id);
  if (!exists) throw unprocessable({ owner_id: [`is not a ${type.toLowerCase()} of this company`] });
}

const ofOwner = (trx: DB, ctx: Ctx, address: Row) => trx.selectFrom("addresses").select("id").where("company_id", "=", ctx.company.id)
  .where("owner_type", "=", String(address.owner_type)).where("owner_id", "=", Number(address.owner_id));

export const addressHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const titles = await referenceTitles(ctx, rows.map((r) => ({ type: r.owner_type, id: r.owner_id })));
    for (const row of rows) row.owner_name = row.owner_type === "Company" ? ctx.company.name : titles.get(`${String(row.owner_type)}:${String(row.owner_id)}`) ?? null;
  },
  async beforeCreate(data, ctx, trx) {
    data.owner_type ??= "Company";
    await checkOwner(data, { ...ctx, db: trx });
    if (!(await ofOwner(trx, ctx, data).executeTakeFirst())) data.is_primary = true;
  },
  async beforeUpdate(data, existing, ctx, trx) {
    await checkOwner(existing, { ...ctx, db: trx });
    if (data.owner_type !== undefined || data.owner_id !== undefined) await checkOwner({ ...existing, ...data }, { ...ctx, db: trx });
  },
  async beforeDelete(existing, ctx) {
    await checkOwner(existing, ctx);
  },
  async afterWrite(row, ctx, trx) {
    if (row.is_primary !== true) return;
    await trx.updateTable("addresses").set({ is_primary: false, updated_at: new Date() }).where("company_id", "=", ctx.company.id)
      .where("owner_type", "=", String(row.owner_type)).where("owner_id", "=", Number(row.owner_id)).where("id", "<>", row.id as number)
      .where("is_primary", "=", true).execute();
  },
};
