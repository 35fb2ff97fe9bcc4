/**
 * Documents into capture (docs/capture.md "Intake"): an e-mail's attachments (SMTP receiver or IMAP
 * polling) or files dropped on the draft inbox. Each PDF or PNG/JPEG, told by its bytes and within
 * the upload size limit, is stored and becomes a capture waiting to be read (`capture-read` job, in
 * the same transaction); a message with no usable attachment is recorded with the reason. An e-mail
 * is taken once per company and Message-ID: the unique index decides between processes.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "kysely";
import type { DB } from "../../db/connect.js";
import { forCompany } from "../../db/row-security.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { hasMagic, maxDocumentBytes } from "../../files/kinds.js";
import { safeFileName } from "../../files/check.js";
import { fileStore } from "../../files/store.js";
import { currentJobs } from "../../jobs/jobs.js";
import type { Ctx } from "../../resources/context.js";

export const captureReadJob = "capture-read";

export interface IncomingDocument {
  fileName: string;
  bytes: Buffer;
}

export interface IncomingMail {
  /** the Message-ID header; a hash of the message when it has none */
  messageId: string;
  from: string | null;
  subject: string | null;
  receivedAt: Date;
  source: "EMAIL" | "IMAP";
}

const typesOfBytes: readonly ["pdf" | "png" | "jpeg", string][] = [["pdf", "application/pdf"], ["png", "image/png"], ["jpeg", "image/jpeg"]];

/** What a file is by its bytes (pdf, png, jpeg), or why it cannot be captured. */
export function usable(file: IncomingDocument): { contentType: string } | { reason: string } {
  const name = safeFileName(file.fileName) || "the attachment";
  if (file.bytes.length === 0) return { reason: `${name} is empty.` };
  if (file.bytes.length > maxDocumentBytes) return { reason: `${name} is larger than ${maxDocumentBytes / 1024 / 1024} MB.` };
  const kind = typesOfBytes.find(([k]) => hasMagic(file.bytes, k));
  if (!kind) return { reason: `${name} is not a PDF or a PNG or JPEG image (by its content, whatever its name says), so it was not captured.` };
  return { contentType: kind[1] };
}

export function messageIdOf(header: string | undefined, raw: Buffer): string {
  const id = header?.trim();
  return id ? id.slice(0, 1000) : `<sha256:${createHash("sha256").update(raw).digest("hex")}>`;
}

interface Stored {
  id: number;
}

/** Store `files` as captures of `companyId` in `trx` and queue their reading; the reasons of the ones refused. */
async function storeCaptures(trx: DB, companyId: number, files: readonly IncomingDocument[], meta: Record<string, unknown>): Promise<{ ids: number[]; reasons: string[] }> {
  const ids: number[] = [];
  const reasons: string[] = [];
  for (const file of files) {
    const check = usable(file);
    if ("reason" in check) {
      reasons.push(check.reason);
      continue;
    }
    const key = await fileStore(trx).put(Readable.from([file.bytes]), { companyId });
    const row: Stored = await trx.insertInto("invoice_captures").values({
      company_id: companyId, status: "RECEIVED", file_name: safeFileName(file.fileName) || "document", content_type: check.contentType,
      file_size: file.bytes.length, storage_key: key, ...meta,
    } as never).returning("id").executeTakeFirstOrThrow();
    ids.push(row.id);
    await currentJobs()?.send(captureReadJob, { company_id: companyId, capture_id: row.id }, { db: trx, singletonKey: `capture:${row.id}` });
  }
  return { ids, reasons };
}

export interface MailOutcome {
  /** false: this Message-ID was taken before, nothing was added */
  taken: boolean;
  captures: number[];
  reasons: string[];
}

/** An e-mail for `companyId`: its usable attachments become captures, once per Message-ID. */
export async function captureMail(owner: DB, companyId: number, mail: IncomingMail, attachments: readonly IncomingDocument[]): Promise<MailOutcome> {
  const db = forCompany(owner, companyId);
  return inTransaction({ db, company: { id: companyId } }, async (trx) => {
    const inserted = await sql<{ id: number }>`INSERT INTO capture_messages (company_id, message_id, source, mail_from, mail_subject, received_at, outcome, attachments)
      VALUES (${companyId}, ${mail.messageId}, ${mail.source}, ${mail.from?.slice(0, 500) ?? null}, ${mail.subject?.slice(0, 1000) ?? null}, ${mail.receivedAt}, 'REJECTED', ${attachments.length})
      ON CONFLICT (company_id, message_id) DO NOTHING RETURNING id`.execute(trx);
    const message = inserted.rows[0];
    if (!message) return { taken: false, captures: [], reasons: [] };
    const { ids, reasons } = await storeCaptures(trx, companyId, attachments, {
      source: mail.source, capture_message_id: message.id, mail_from: mail.from?.slice(0, 500) ?? null, mail_subject: mail.subject?.slice(0, 1000) ?? null, received_at: mail.receivedAt,
    });
    if (attachments.length === 0) reasons.push("The message has no attachment.");
    await trx.updateTable("capture_messages").set({ outcome: ids.length ? "ACCEPTED" : "REJECTED", reason: reasons.length ? reasons.join(" ").slice(0, 2000) : null, updated_at: new Date() })
      .where("id", "=", message.id).execute();
    return { taken: true, captures: ids, reasons };
  });
}

/** Files dropped on the draft inbox by the signed-in user: the same way as attachments. */
export async function captureUploads(ctx: Ctx, files: readonly IncomingDocument[]): Promise<{ ids: number[]; reasons: string[] }> {
  return inTransaction(ctx, (trx) => storeCaptures(trx, ctx.company.id, files, { source: "UPLOAD", created_by_id: ctx.user.id, received_at: new Date() }));
}
