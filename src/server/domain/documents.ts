/**
 * Documents (assets): download and the archive's computed fields (upload: ./uploads.ts).
 * The built-in store keeps the content in document_files (storage_key "db:<id>"), so listing
 * documents never reads file contents.
 */
import { resourceByName } from "../../../resources/index.js";
import { notFound } from "../http/errors.js";
import type { Ctx } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import type { ResourceHooks } from "./hooks.js";
import { referenceTitles, userEmails } from "./lookups.js";

export const maxDocumentBytes = 5 * 1024 * 1024;

/** data-spec 5: upload file types and attachment (image) types, with the content type each is served as */
export const documentTypes: Readonly<Record<string, string>> = {
  pdf: "application/pdf", doc: "application/msword", rtf: "application/rtf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  dotx: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ppt: "application/vnd.ms-powerpoint",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  wps: "application/vnd.ms-works", odt: "application/vnd.oasis.opendocument.text", txt: "text/plain", csv: "text/csv",
  png: "image/png", jpeg: "image/jpeg", jpg: "image/jpeg", gif: "image/gif", tiff: "image/tiff",
};

export const documents = () => resourceByName.get("documents")!;

export const fileUrl = (id: unknown) => `/api/documents/${String(id)}/file`;

/** The stored content of a document this company can see. */
export async function documentFile(id: string, ctx: Ctx): Promise<{ name: string; type: string; content: Buffer }> {
  const document = await findRow(documents(), id, ctx);
  if (!document) throw notFound();
  const file = await ctx.db.selectFrom("document_files").select("data").where("company_id", "=", ctx.company.id).where("document_id", "=", document.id as number).executeTakeFirst();
  if (!file) throw notFound("This document has no stored file.");
  return { name: String(document.asset_file_file_name), type: String(document.content_type ?? "application/octet-stream"), content: Buffer.from(String(file.data), "base64") };
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
    await trx.deleteFrom("document_files").where("company_id", "=", ctx.company.id).where("document_id", "=", existing.id as number).execute();
  },
};
