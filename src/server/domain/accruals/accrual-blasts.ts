/**
 * Accrual blasts: numbered AB-00001 by the server, booked by the signed-in contact unless given, dates
 * in order. Their stats come from their entries and accruals (one grouped query each per page).
 * Entries: a vendor joins a blast once, and only while the blast is ACTIVE or INACTIVE.
 */
import { sql } from "kysely";
import { count } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { bookedAccrualStatuses } from "./accruals.js";
import { checkDateOrder, failIfAny, nextNumber, rowOf } from "../purchasing/records.js";

const answered = ["RESPONDED", "NO ACCRUAL"];
const openForVendors = ["ACTIVE", "INACTIVE"];
const datePairs = [["start_date", "end_date"], ["start_date", "close_date"]] as const;

export const fullName = (contact: unknown) => {
  const c = contact as { first_name?: string; last_name?: string } | null | undefined;
  return c ? [c.first_name, c.last_name].filter(Boolean).join(" ") : null;
};

async function stats(ctx: Ctx, ids: number[]) {
  const entries = await ctx.db.selectFrom("accrual_entries")
    .select(["accrual_blast_id", sql<number>`count(*)`.as("vendors"), sql<number>`count(*) filter (where status in (${sql.join(answered)}))`.as("answers")])
    .where("company_id", "=", ctx.company.id).where("accrual_blast_id", "in", ids).groupBy("accrual_blast_id").execute();
  const booked = await ctx.db.selectFrom("accruals")
    .select(["accrual_blast_id", sql<string>`sum(amount)::numeric(18,2)::text`.as("total")])
    .where("company_id", "=", ctx.company.id).where("accrual_blast_id", "in", ids).where("status", "in", bookedAccrualStatuses)
    .groupBy("accrual_blast_id").execute();
  return {
    entries: new Map(entries.map((e) => [e.accrual_blast_id, e])),
    booked: new Map(booked.map((b) => [b.accrual_blast_id as number, b.total])),
  };
}

export const accrualBlastHooks: ResourceHooks = {
  async decorate(rows: Row[], ctx: Ctx) {
    if (rows.length === 0) return;
    const { entries, booked } = await stats(ctx, rows.map((r) => r.id as number));
    for (const row of rows) {
      const e = entries.get(row.id as number);
      row.stats_vendor_count = e ? count(e.vendors) : 0;
      row.stats_accrual_response = e ? count(e.answers) : 0;
      row.accruals_booked_amount = booked.get(row.id as number) ?? "0.00";
      row.booker_name = fullName(row.booker);
    }
  },
  async beforeCreate(data, ctx, trx) {
    failIfAny(checkDateOrder(data, datePairs));
    data.number = await nextNumber(trx, "accrual_blasts", ctx.company.id, "AB");
    data.booker_contact_id ??= ctx.contact.id;
  },
  beforeUpdate(data, existing) {
    failIfAny(checkDateOrder({ ...existing, ...data }, datePairs));
  },
};

export const accrualEntryHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    const blast = await rowOf(trx, ctx, "accrual_blasts", data.accrual_blast_id, true);
    if (!openForVendors.includes(String(blast.status))) {
      throw unprocessable({ accrual_blast_id: [`blast ${String(blast.number)} is ${String(blast.status)}: vendors can no longer be added`] });
    }
    const twice = await trx.selectFrom("accrual_entries").select("id")
      .where("accrual_blast_id", "=", blast.id as number).where("vendor_id", "=", data.vendor_id as number).executeTakeFirst();
    if (twice) throw unprocessable({ vendor_id: ["is already part of this blast"] });
  },
};
