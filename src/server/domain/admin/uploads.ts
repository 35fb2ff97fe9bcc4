/**
 * Document upload (multipart, see ../http/files.ts): the name made safe and its extension checked
 * against the allowed types, the parent checked, the bytes streamed through the type and size check
 * into the file store, then the document row and its audit row written in one transaction.
 * (Apart from ./documents.ts because it writes through the resource layer, which loads the hooks.)
 */
import { discardUpload, drain, nameOfFile, storeUpload, type IncomingFile, type NamedFile, type StoredUpload } from "../../files/upload.js";
import { forbidden, notFound, unprocessable, type FieldErrors } from "../../errors.js";
import { uploadKeys } from "../../../../resources/documents.js";
import { can, mayAttachTo } from "../../../framework/permissions.js";
import { narrowAttachRights, syncReceiptFlag } from "./attach-rights.js";
import type { Ctx, Row } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { audit } from "../../resources/write.js";
import { validateBody } from "../../validation.js";
import { documents } from "./documents.js";
import { referenceExists, resourceOfKind } from "./lookups.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { type DB, untyped } from "../../db/connect.js";

/** Can a document hang on this record? Users are checked through their contact here; templates are not records. */
async function parentExists(ctx: Ctx, type: string, id: number): Promise<boolean> {
  if (type === "Template") return true;
  if (type === "User") {
    return (await ctx.db.selectFrom("contacts").select("id").where("company_id", "=", ctx.company.id).where("user_id", "=", id).executeTakeFirst()) !== undefined;
  }
  return referenceExists(ctx, type, id);
}

/**
 * Who may upload, checked before the body is read: the documents keys, whoever may create or edit a
 * record of the parent's resource (mayAttachTo), or, for receipts, their narrow right — the rule for
 * a receipt type whenever the documents keys are not held. 403 otherwise; true when the narrow right applies.
 */
export function checkUploadRight(ctx: Ctx, assetableType: unknown): boolean {
  const type = typeof assetableType === "string" ? assetableType : "";
  const narrow = !can(ctx.principal, uploadKeys) && Object.hasOwn(narrowAttachRights, type);
  if (!narrow && !mayAttachTo(ctx.principal, resourceOfKind(type), uploadKeys)) throw forbidden();
  return narrow;
}

async function checkedMeta(fields: Row, file: IncomingFile | undefined, ctx: Ctx): Promise<{ meta: Row; named: NamedFile }> {
  const narrow = checkUploadRight(ctx, fields.assetable_type);
  const type = String(fields.assetable_type);
  const errors: FieldErrors = {};
  const named = nameOfFile(file);
  if (named.problem) errors.file = [named.problem];
  // multipart fields are text: the id is a number when it reads as one
  const id = typeof fields.assetable_id === "string" && /^\d{1,9}$/.test(fields.assetable_id) ? Number(fields.assetable_id) : fields.assetable_id;
  const meta: Row = { asset_file_file_name: named.fileName, assetable_type: fields.assetable_type, assetable_id: id };
  Object.assign(errors, validateBody(documents(), "create", meta) ?? {});
  delete errors.asset_file_file_name;
  if (!errors.assetable_type && !errors.assetable_id) {
    if (narrow) {
      // a narrow right: the record must be the user's own, else it does not exist for them
      if (!(await narrowAttachRights[type](ctx, Number(meta.assetable_id)))) throw notFound();
    } else if (!can(ctx.principal, uploadKeys)) {
      // through the record's own keys: only a record the user can see (scope, personal scope)
      if (!(await referenceExists(ctx, type, Number(meta.assetable_id)))) throw notFound();
    } else if (!(await parentExists(ctx, String(meta.assetable_type), Number(meta.assetable_id)))) {
      errors.assetable_id = ["does not exist"];
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { meta, named };
}

/** The document row (and its audit row) of a stored file on `parent`, in the caller's transaction. */
export async function attachUpload(trx: DB, ctx: Ctx, upload: StoredUpload, parent: { type: string; id: number }): Promise<number> {
  const values = { asset_file_file_name: upload.fileName, assetable_type: parent.type, assetable_id: parent.id, asset_file_file_size: upload.size, content_type: upload.contentType };
  const row = await untyped(trx).insertInto("documents").values({ ...values, company_id: ctx.company.id, storage_key: upload.key, created_by_user_id: ctx.user.id })
    .returning("id").executeTakeFirstOrThrow();
  await audit(trx, ctx, "create", documents(), row.id as number, values);
  await syncReceiptFlag(trx, ctx.company.id, parent.type, parent.id);
  return row.id as number;
}

/** POST /api/documents/upload (multipart: assetable_type, assetable_id, then the file). */
export async function uploadDocument(fields: Row, file: IncomingFile | undefined, ctx: Ctx): Promise<Row> {
  try {
    const { meta, named } = await checkedMeta(fields, file, ctx);
    const upload = await storeUpload(file!, named, ctx);
    const id = await inTransaction(ctx, (trx) => attachUpload(trx, ctx, upload, { type: String(meta.assetable_type), id: Number(meta.assetable_id) }))
      .catch(async (error: unknown) => {
        await discardUpload(upload, ctx);
        throw error;
      });
    return (await findRow(documents(), id, ctx))!;
  } finally {
    drain(file);
  }
}
