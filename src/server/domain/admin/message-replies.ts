/**
 * A vendor answers a message through its /private/{token} link, without an account (the token is the
 * credential): `POST /api/private/{token}` with `{ body }`. In one transaction the reply is kept on
 * the message (message_replies) and its sender is told, in the app and by e-mail, with a link to
 * the message. The link stays open: a conversation may take several answers.
 */
import { resourceByName } from "../../../../resources/index.js";
import { config } from "../../config.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import { resolveLink, type LinkRefusal } from "../../links/links.js";
import { queueMail } from "../../mail/outbox.js";
import type { Row } from "../../resources/context.js";
import { audit } from "../../resources/write.js";
import { validateInput } from "../../validation.js";
import { actingFor, type Actor } from "../identity/acting-for.js";

const replyInput = {
  type: "object",
  additionalProperties: false,
  required: ["body"],
  properties: { body: { type: "string", minLength: 1, maxLength: 20000 } },
} as const;

export async function replyToMessage(db: DB, token: string, body: unknown): Promise<{ data: Row } | { refused: LinkRefusal }> {
  const link = await resolveLink(db, token, "message");
  if ("refused" in link) return link;
  const input = { ...((body ?? {}) as Row) };
  // an answer of spaces is no answer
  if (typeof input.body === "string") input.body = input.body.trim() || undefined;
  const errors = validateInput(replyInput, input);
  if (errors) throw unprocessable(errors);
  return actingFor(db, link.companyId, null, async (trx, actor) => {
    const message = await trx.selectFrom("messages as m").innerJoin("vendors as v", "v.id", "m.vendor_id")
      .select(["m.id", "m.subject", "m.to_email", "m.from_contact_id", "v.name as vendor_name"])
      .where("m.id", "=", link.record.id).where("m.company_id", "=", link.companyId).forUpdate("m").executeTakeFirst();
    if (!message) return { refused: "revoked" as const };
    const reply = await trx.insertInto("message_replies")
      .values({ company_id: link.companyId, message_id: message.id, body: input.body as string, from_email: message.to_email })
      .returning(["id", "body", "from_email", "created_at"]).executeTakeFirstOrThrow();
    await audit(trx, actor, "create", resourceByName.get("message_replies")!, reply.id, { message_id: message.id });
    await tellSender(trx, actor, message, reply.id);
    return { data: reply as Row };
  });
}

/** The message's sender (its contact's login) learns of the answer, in the app and by e-mail. */
async function tellSender(trx: DB, actor: Actor, message: { id: number; subject: string; from_contact_id: number | null; vendor_name: string }, replyId: number) {
  if (message.from_contact_id == null) return;
  const sender = await trx.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id").select(["u.id", "u.email"])
    .where("c.id", "=", message.from_contact_id).executeTakeFirst();
  if (!sender) return;
  const title = `${message.vendor_name} answered "${message.subject}"`;
  const path = `/messages/${message.id}`;
  await trx.insertInto("notifications").values({ company_id: actor.company.id, user_id: sender.id, kind: "comment", title, body: title, link: path }).execute();
  queueMail(actor, { to: sender.email, subject: title, text: `${title}.\n\nRead it: ${config.appUrl}${path}`, related: { type: "MessageReply", id: replyId } });
}
