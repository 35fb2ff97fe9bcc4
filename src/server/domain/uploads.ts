/**
 * Document upload: JSON with base64 content (no multipart parser is installed), checked against the
 * allowed file types and size, stored with its content and audited in one transaction.
 * (Apart from ./documents.ts because it writes through the resource layer, which loads the hooks.)
 */
import path from "node:path";
import { unprocessable, type FieldErrors } from "../http/errors.js";
import type { Ctx, Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { audit } from "../resources/write.js";
import { validateBody } from "../validation.js";
import { documents, documentTypes, maxDocumentBytes } from "./documents.js";
import { referenceExists } from "./lookups.js";

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

