/**
 * Small rules of the administration resources: imports, activities, categories, messages,
 * notifications, custom labels and the vendor contact list.
 */
import crypto from "node:crypto";
import { importActions } from "../../../framework/imports.js";
import { canAct } from "../../../framework/permissions.js";
import { resourceByName } from "../../../../resources/index.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { listPage, parseQuery } from "../../resources/query.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { checkParent, referenceTitles, userEmails } from "./lookups.js";
import { previewFields } from "./import-preview.js";
import { sendMessage } from "./private-links.js";

export const importHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const users = await userEmails(ctx, rows, "created_by_user_id");
    for (const row of rows) {
      row.created_by_email = users.get(row.created_by_user_id as number)?.email ?? null;
      const total = Number(row.total_rows);
      row.progress = total > 0 ? Math.floor((Number(row.processed_rows) * 100) / total) : 0;
    }
  },
  // the file is read and previewed as it is created: the answer names the rows that would fail
  async beforeCreate(data, ctx) {
    const target = resourceByName.get(String(data.resource_name));
    const action = importActions[String(data.kind)];
    if (!target || target.name === "imports") throw unprocessable({ resource_name: ["is not a resource that takes imports"] });
    if (!target.permissions[action]) throw unprocessable({ resource_name: [`${target.name} does not take ${String(data.kind)} imports`] });
    if (!canAct(ctx.principal, target, action)) throw unprocessable({ resource_name: [`you are not allowed to ${action} ${target.name}`] });
    const given = data.mapping && Object.keys(data.mapping).length ? (data.mapping as Record<string, string>) : undefined;
    Object.assign(data, await previewFields(target, String(data.kind), data.content, given, ctx), { status: "NEW", created_by_user_id: ctx.user.id });
  },
};

export const activityHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const [users, titles] = await Promise.all([
      userEmails(ctx, rows, "user_id"),
      referenceTitles(ctx, rows.map((r) => ({ type: r.item_type, id: r.item_id }))),
    ]);
    for (const row of rows) {
      const user = users.get(row.user_id as number);
      row.user_email = user?.email ?? null;
      row.user_name = user?.name ?? null;
      row.item_title = titles.get(`${String(row.item_type)}:${String(row.item_id)}`) ?? null;
    }
  },
};

async function checkCategory(data: Row, ctx: Ctx, existingId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (typeof data.gl_account_number === "string" && data.gl_account_number !== "") {
    const account = await ctx.db.selectFrom("accounts").select("id").where("company_id", "=", ctx.company.id).where("number", "=", data.gl_account_number).executeTakeFirst();
    if (!account) errors.gl_account_number = ["is not an account of the chart of accounts"];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  if ("parent_id" in data) await checkParent(ctx.db, "categories", ctx.company.id, existingId, data.parent_id);
}

export const categoryHooks: ResourceHooks = {
  beforeCreate: (data, ctx, trx) => checkCategory(data, { ...ctx, db: trx }),
  beforeUpdate: (data, existing, ctx, trx) => checkCategory(data, { ...ctx, db: trx }, existing.id as number),
};

export const messageHooks: ResourceHooks = {
  async beforeCreate(data, ctx, trx) {
    if (!data.to_email) {
      const vendor = await trx.selectFrom("vendors").select("email").where("company_id", "=", ctx.company.id).where("id", "=", data.vendor_id as number).executeTakeFirst();
      if (!vendor?.email) throw unprocessable({ to_email: ["the vendor has no e-mail address: enter one"] });
      data.to_email = vendor.email;
    }
    // sendMessage sets sent_at when the e-mail is handed to the outbox; the link is an outbound link, `token` only names the message
    Object.assign(data, { status: "not sent", sent_at: null, from_contact_id: ctx.contact.id, token: crypto.randomBytes(24).toString("base64url") });
  },
  // messages are only created (no edit, no delete): a write is the creation
  afterWrite: sendMessage,
};

export const notificationHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.unread = row.read_at === null || row.read_at === undefined;
  },
  beforeUpdate(data) {
    const fixed = Object.keys(data).filter((field) => field !== "read_at");
    if (fixed.length) throw unprocessable(Object.fromEntries(fixed.map((field) => [field, ["cannot be changed: only read_at (mark as read or unread)"]])));
  },
};

/** GET /api/custom_labels?status=ACTIVE&hashify=true: the labels as a map name → { singular, plural }. */
export async function customLabelMap(query: Record<string, unknown>, ctx: Ctx): Promise<Record<string, { singular: string; plural: string }>> {
  const labels = resourceByName.get("custom_labels")!;
  const page = await listPage(labels, parseQuery(labels, { ...query, _start: "0", _end: "1000" }, new Set(["hashify"])), ctx);
  return Object.fromEntries(page.rows.map((r) => [String(r.name), { singular: String(r.singular), plural: String(r.plural) }]));
}

export const vendorContactHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) {
      row.contact_id = row.id;
      row.company_name = (row.vendor as Row | null)?.name ?? null;
    }
  },
};
