/**
 * Documents (assets): download, zip and the archive's computed fields (upload: ./uploads.ts).
 * The bytes live in the file store under storage_key (../files/store.ts), so listing documents
 * never reads file contents.
 */
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { resourceByName } from "../../../../resources/index.js";
import { notFound } from "../../errors.js";
import { deleteWithRow, fileStore } from "../../files/store.js";
import { zipStream } from "../../files/zip.js";
import type { Ctx, Row } from "../../resources/context.js";
import { findRow, scope } from "../../resources/query.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { canAct } from "../../../framework/permissions.js";
import { syncReceiptFlag } from "./attach-rights.js";
import { referenceTitles, resourceOfKind, userEmails } from "./lookups.js";

export const documents = () => resourceByName.get("documents")!;

export const fileUrl = (id: unknown) => `/api/documents/${String(id)}/file`;

/** The bytes of a document row, or an Error saying why there are none. */
async function contentOf(document: Row, ctx: Ctx): Promise<Readable> {
  const content = document.storage_key ? await fileStore(ctx.db).get(String(document.storage_key), { companyId: ctx.company.id }) : null;
  if (!content) throw new Error("This document has no stored file.");
  return content;
}

/**
 * A document this reader may open: with the documents keys any of the company's, else one hanging
 * on a record the reader may read (the approver sees the invoice's PDF, a card holder the receipt of
 * their own transaction); the parent is read through its resource's own scope (owner, personal).
 */
export async function readableDocument(id: unknown, ctx: Ctx): Promise<Row> {
  const document = await findRow(documents(), id, ctx);
  if (!document) throw notFound();
  if (canAct(ctx.principal, documents(), "show")) return document;
  const parent = resourceOfKind(String(document.assetable_type));
  if (parent && canAct(ctx.principal, parent, "show") && (await findRow(parent, document.assetable_id, ctx))) return document;
  throw notFound();
}

/** The stored content of a document this reader may open. */
export async function documentFile(id: string, ctx: Ctx): Promise<{ name: string; type: string; content: Buffer }> {
  const document = await readableDocument(id, ctx);
  const content = await contentOf(document, ctx).catch((error: Error) => {
    throw notFound(error.message);
  });
  return { name: String(document.asset_file_file_name), type: String(document.content_type ?? "application/octet-stream"), content: await buffer(content) };
}

/** At most this many documents in one zip. */
export const maxZipDocuments = 200;

/**
 * The zip of documents this company can see, in the order asked; an id that is not such a document,
 * or whose bytes are missing, is reported in the zip's errors.txt.
 */
export async function documentsZip(ids: readonly number[], ctx: Ctx): Promise<Readable> {
  const rows = ids.length ? await scope(ctx.db.selectFrom("documents as t").selectAll("t"), documents(), ctx).where("t.id", "in", [...ids]).execute() as Row[] : [];
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  return zipStream(ids.map((id) => {
    const row = byId.get(id);
    return {
      name: row ? String(row.asset_file_file_name) : `document ${id}`,
      open: () => (row ? contentOf(row, ctx) : Promise.reject(new Error("not found"))),
    };
  }));
}

export const documentHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const [titles, users] = await Promise.all([
      referenceTitles(ctx, rows.map((r) => ({ type: r.assetable_type, id: r.assetable_id }))),
      userEmails(ctx, rows, "created_by_user_id"),
    ]);
    for (const row of rows) {
      row.assetable_number = titles.get(`${String(row.assetable_type)}:${String(row.assetable_id)}`) ?? null;
      row.created_by_email = users.get(row.created_by_user_id as number)?.email ?? null;
      row.asset_expiring_url = row.storage_key ? fileUrl(row.id) : null;
    }
  },
  async beforeDelete(existing, ctx, trx) {
    if (existing.storage_key) await deleteWithRow(String(existing.storage_key), ctx, trx);
    await syncReceiptFlag(trx, ctx.company.id, String(existing.assetable_type), Number(existing.assetable_id), existing.id as number);
  },
};
