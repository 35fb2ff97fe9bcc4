/** Teams: member names on lists, member contacts on the show page; members are company contacts, once per team. */
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { workflowsUsingTeam } from "../approvals/workflows.js";

const contactName = (c: Row) => `${String(c.first_name)} ${String(c.last_name)}`;

export const teamHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    if (rows.length === 0) return;
    const members = await ctx.db.selectFrom("team_members as m").innerJoin("contacts as c", (j) => j.onRef("c.id", "=", "m.contact_id").onRef("c.company_id", "=", "m.company_id"))
      .select(["m.team_id", "m.contact_id", "c.first_name", "c.last_name", "c.email"])
      .where("m.company_id", "=", ctx.company.id).where("m.team_id", "in", rows.map((r) => r.id as number))
      .orderBy("c.last_name").orderBy("c.first_name").execute();
    for (const row of rows) {
      const own = members.filter((m) => m.team_id === row.id);
      row.member_names = own.map(contactName).join(", ");
      row.member_count = own.length;
      // the show page's member rows get the contact they stand for
      const byContact = new Map<unknown, Row>(own.map((m) => [m.contact_id, { id: m.contact_id, first_name: m.first_name, last_name: m.last_name, email: m.email }]));
      if (Array.isArray(row.team_members)) for (const m of row.team_members as Row[]) m.contact = byContact.get(m.contact_id) ?? null;
    }
  },

  /** a team an approval workflow names cannot go; otherwise its memberships go with it */
  async beforeDelete(existing, ctx, trx) {
    const using = await workflowsUsingTeam(trx, ctx.company.id, existing.id as number);
    if (using.length) throw unprocessable({ base: [`Team ${String(existing.name)} is an approver in workflow ${using.join(", ")} and cannot be deleted.`] });
    await trx.deleteFrom("team_members").where("company_id", "=", ctx.company.id).where("team_id", "=", existing.id as number).execute();
  },
};

async function checkMember(data: Row, ctx: Ctx, trx: DB, existingId?: number): Promise<void> {
  const contact = await trx.selectFrom("contacts").select(["contact_type"]).where("company_id", "=", ctx.company.id).where("id", "=", data.contact_id as number).executeTakeFirst();
  if (contact && contact.contact_type !== "COMPANY") throw unprocessable({ contact_id: ["must be a contact of the company, not of a vendor"] });
  let same = trx.selectFrom("team_members").select("id").where("company_id", "=", ctx.company.id)
    .where("team_id", "=", data.team_id as number).where("contact_id", "=", data.contact_id as number);
  if (existingId !== undefined) same = same.where("id", "<>", existingId);
  if (await same.executeTakeFirst()) throw unprocessable({ contact_id: ["is already a member of this team"] });
}

export const teamMemberHooks: ResourceHooks = {
  beforeCreate: (data, ctx, trx) => checkMember(data, ctx, trx),
  beforeUpdate: (data, existing, ctx, trx) => checkMember({ ...existing, ...data }, ctx, trx, existing.id as number),
};
