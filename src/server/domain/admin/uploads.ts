/**
 * Document upload (multipart, see ../http/files.ts): the name made safe and its extension checked
 * against the allowed types, the parent checked, the bytes streamed through the type and size check
 * into the file store, then the document row and its audit row written in one transaction.
 * (Apart from ./documents.ts because it writes through the resource layer, which loads the hooks.)
 */
import path from "node:path";
import type { Readable } from "node:stream";
import { FileCheck, safeFileName } from "../../files/check.js";
import { kindOfType } from "../../files/kinds.js";
import { fileStore } from "../../files/store.js";
import { unprocessable, type FieldErrors } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { audit } from "../../resources/write.js";
import { validateBody } from "../../validation.js";
import { documents, documentTypes, maxDocumentBytes } from "./documents.js";
import { referenceExists } from "./lookups.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { untyped } from "../../db/connect.js";

/** Can a document hang on this record? Users are checked through their contact here; templates are not records. */
async function parentExists(ctx: Ctx, type: string, id: number): Promise<boolean> {
  if (type === "Template") return true;
  if (type === "User") {
    return (await ctx.db.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("user_id", "=", id).executeTakeFirst()) !== undefined;
  }
  return referenceExists(ctx, type, id);
}

export interface IncomingFile {
  /** the name the client sent, path and all */
  fileName: string;
  content: Readable;
}

async function checkedMeta(fields: Row, file: IncomingFile | undefined, ctx: Ctx): Promise<{ meta: Row; extension: string }> {
  const errors: FieldErrors = {};
  const fileName = file ? safeFileName(file.fileName) : "";
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!fileName) errors.file = ["can't be blank"];
  else if (!documentTypes[extension]) errors.file = [`must be one of these file types: ${Object.keys(documentTypes).join(", ")}`];
  // multipart fields are text: the id is a number when it reads as one
  const id = typeof fields.assetable_id === "string" && /^\d{1,9}$/.test(fields.assetable_id) ? Number(fields.assetable_id) : fields.assetable_id;
  const meta: Row = { asset_file_file_name: fileName, assetable_type: fields.assetable_type, assetable_id: id };
  Object.assign(errors, validateBody(documents(), "create", meta) ?? {});
  delete errors.asset_file_file_name;
  if (!errors.assetable_type && !errors.assetable_id && !(await parentExists(ctx, String(meta.assetable_type), Number(meta.assetable_id)))) {
    errors.assetable_id = ["does not exist"];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { meta, extension };
}

/** POST /api/documents/upload (multipart: assetable_type, assetable_id, then the file). */
export async function uploadDocument(fields: Row, file: IncomingFile | undefined, ctx: Ctx): Promise<Row> {
  const store = fileStore(ctx.db);
  try {
    const { meta, extension } = await checkedMeta(fields, file, ctx);
    const contentType = documentTypes[extension];
    const check = new FileCheck(kindOfType[contentType], extension, maxDocumentBytes);
    file!.content.pipe(check);
    const key = await store.put(check, { companyId: ctx.company.id });
    const values = { ...meta, asset_file_file_size: check.size, content_type: contentType };
    const id = await inTransaction(ctx, async (trx) => {
      const row = await untyped(trx).insertInto("documents").values({ ...values, company_id: ctx.company.id, storage_key: key, created_by_user_id: ctx.user.id })
        .returning("id").executeTakeFirstOrThrow();
      await audit(trx, ctx, "create", documents(), row.id as number, values);
      return row.id as number;
    }).catch(async (error: unknown) => {
      await store.delete(key, { companyId: ctx.company.id });
      throw error;
    });
    return (await findRow(documents(), id, ctx))!;
  } finally {
    // whatever was refused, the rest of the request is read, so that the answer reaches the client
    if (file && !file.content.readableEnded) {
      file.content.unpipe();
      file.content.resume();
    }
  }
}
