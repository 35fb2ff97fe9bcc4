/**
 * Documents (assets): upload as JSON with base64 content, download, and the archive's computed fields.
 * The built-in store keeps the content in document_files (storage_key "db:<id>"), so listing
 * documents never reads file contents.
 */
import path from "node:path";
import { resourceByName } from "../../../resources/index.js";
import { unprocessable, notFound, type FieldErrors } from "../http/errors.js";
import type { Ctx, Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { audit } from "../resources/write.js";
import { validateBody } from "../validation.js";
import type { ResourceHooks } from "./hooks.js";
import { referenceExists, referenceTitles, userEmails } from "./lookups.js";

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

const documents = () => resourceByName.get("documents")!;

export const fileUrl = (id: unknown) => `/api/documents/${String(id)}/file`;

/** Can a document hang on this record? Users are checked through their contact here; templates are not records. */
async function parentExists(ctx: Ctx, type: string, id: number): Promise<boolean> {
  if (type === "Template") return true;
  if (type === "User") {
    return (await ctx.db.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("user_id", "=", id).executeTakeFirst()) !== undefined;
  }
  return referenceExists(ctx, type, id);
}

/** POST /api/documents/upload: { assetable_type, assetable_id, file_name, content_type?, content_base64 }. */
export async function uploadDocument(body: unknown, ctx: Ctx): Promise<Row> {
  const input = (body ?? {}) as Row;
  const errors: FieldErrors = {};
  const fileName = typeof input.file_name === "string" ? path.basename(input.file_name.trim()) : "";
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!fileName) errors.file_name = ["can't be blank"];
  else if (!documentTypes[extension]) errors.file_name = [`must be one of these file types: ${Object.keys(documentTypes).join(", ")}`];
  const encoded = typeof input.content_base64 === "string" ? input.content_base64.replace(/\s/g, "") : "";
  const content = /^[A-Za-z0-9+/]*={0,2}$/.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
  if (!encoded || !content || content.length === 0) errors.content_base64 = ["must be the file's content in base64"];
  else if (content.length > maxDocumentBytes) errors.content_base64 = [`the file must not be larger than ${maxDocumentBytes / 1024 / 1024} MB`];

  const meta: Row = { asset_file_file_name: fileName, assetable_type: input.assetable_type, assetable_id: input.assetable_id };
  Object.assign(errors, validateBody(documents(), "create", meta) ?? {});
  delete errors.asset_file_file_name;
  if (!errors.assetable_type && !errors.assetable_id && !(await parentExists(ctx, String(meta.assetable_type), Number(meta.assetable_id)))) {
    errors.assetable_id = ["does not exist"];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);

  const contentType = documentTypes[extension];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto("documents").values({
      ...meta, company_id: ctx.company.id, asset_file_file_size: content!.length, content_type: contentType, created_by_user_id: ctx.user.id,
    }).returning("id").executeTakeFirstOrThrow();
    const documentId = row.id as number;
    await trx.updateTable("documents").set({ storage_key: `db:${documentId}` }).where("id", "=", documentId).execute();
    await trx.insertInto("document_files").values({ company_id: ctx.company.id, document_id: documentId, data: content!.toString("base64") }).execute();
    await audit(trx, ctx, "create", documents(), documentId, { ...meta, asset_file_file_size: content!.length, content_type: contentType });
    return documentId;
  });
  return (await findRow(documents(), id, ctx))!;
}

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
