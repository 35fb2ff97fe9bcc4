/**
 * Outbound links: tokens for people outside the app (an invited user, a vendor asked for an
 * invoice, a password reset). The plaintext token is returned once, to be put in an e-mail; only its
 * SHA-256 hash is stored, so a database leak yields no usable link. A link is bound to one purpose
 * and one record, expires, and can be revoked. issueLink and revokeLinks run inside the caller's
 * transaction, so a link exists exactly when the write that sends it commits.
 */
import crypto from "node:crypto";
import type { DB } from "../db/connect.js";
import { systemDb } from "../db/row-security.js";
import { tokenHash } from "../domain/identity/tokens.js";
import type { Ctx } from "../resources/context.js";
import { linkPurposes } from "../../../schemas/outbound_link.js";

export { linkPurposes };
export type LinkPurpose = (typeof linkPurposes)[number];

export interface LinkRecord {
  type: string;
  id: number;
}

export interface ResolvedLink {
  companyId: number;
  record: LinkRecord;
  expiresAt: Date;
}

/** Why a link is refused: never issued for this purpose (or tampered with), past its expiry, or revoked. */
export type LinkRefusal = "unknown" | "expired" | "revoked";

/** Issue a link for `purpose` on `record`, valid for `expiresIn` seconds; returns the plaintext token. */
export async function issueLink(trx: DB, ctx: Pick<Ctx, "company" | "user">, link: { purpose: LinkPurpose; record: LinkRecord; expiresIn: number }): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await trx.insertInto("outbound_links").values({
    company_id: ctx.company.id,
    token_hash: tokenHash(token),
    purpose: link.purpose,
    record_type: link.record.type,
    record_id: link.record.id,
    expires_at: new Date(Date.now() + link.expiresIn * 1000),
    created_by_id: ctx.user.id,
  }).execute();
  return token;
}

/**
 * The record a token opens for `purpose`, or the reason it is refused. A token of another purpose is
 * unknown here. Its holder names no company: the token is looked up past the row-level wall (the
 * owner's database), and only the company it belongs to comes out.
 */
export async function resolveLink(db: DB, token: string, purpose: LinkPurpose): Promise<ResolvedLink | { refused: LinkRefusal }> {
  const row = await systemDb(db).selectFrom("outbound_links").select(["company_id", "record_type", "record_id", "expires_at", "revoked_at"])
    .where("token_hash", "=", tokenHash(token)).where("purpose", "=", purpose).executeTakeFirst();
  if (!row) return { refused: "unknown" };
  if (row.revoked_at) return { refused: "revoked" };
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= Date.now()) return { refused: "expired" };
  return { companyId: row.company_id, record: { type: row.record_type, id: row.record_id }, expiresAt };
}

/** Revoke every live link of `purpose` on `record` (e.g. when the request is answered or re-sent); returns how many. */
export async function revokeLinks(trx: DB, companyId: number, record: LinkRecord, purpose: LinkPurpose): Promise<number> {
  const result = await trx.updateTable("outbound_links").set({ revoked_at: new Date(), updated_at: new Date() })
    .where("company_id", "=", companyId).where("record_type", "=", record.type).where("record_id", "=", record.id)
    .where("purpose", "=", purpose).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Use a link once, inside the caller's transaction: revoke it if still live; false when another use got there first. */
export async function spendLink(trx: DB, token: string): Promise<boolean> {
  const spent = await trx.updateTable("outbound_links").set({ revoked_at: new Date(), updated_at: new Date() })
    .where("token_hash", "=", tokenHash(token)).where("revoked_at", "is", null).returning("id").executeTakeFirst();
  return spent !== undefined;
}

/**
 * A vendor portal page of one purchaser's record, for a mail: it names the purchaser, so a vendor of
 * several purchasers lands on that one's record whichever purchaser it last chose (docs/portal.md).
 */
export const portalPage = (page: string, companyId: number): string => `/vendor_portal/${page}?company_id=${companyId}`;
