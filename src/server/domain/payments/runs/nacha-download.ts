/**
 * NACHA files (declared actions of nacha_payments, nacha-payments.server.ts). GET /api/nacha_payments/{id}/file reads the stored file and changes nothing (a GET never
 * changes state: a read-only user may download it). POST /api/nacha_payments/{id}/downloaded, by who
 * processes payments, records that the file left for the bank: NEW → DOWNLOAD (then it can no longer
 * be deleted). The client posts it after its download.
 */
import { resourceByName } from "../../../../../resources/index.js";
import { notFound } from "../../../errors.js";
import type { ActionHandler } from "../../../resources/modules.js";
import { audit } from "../../../resources/write.js";

const nacha = resourceByName.get("nacha_payments")!;

/** GET …/file: the stored file as it is. */
export const readNacha: ActionHandler = ({ row }) => {
  if (typeof row.content !== "string") throw notFound("This NACHA payment has no stored file.");
  return { file: { contentType: "text/plain; charset=utf-8", fileName: String(row.file_name ?? `${String(row.number)}.txt`).replace(/[^\w.-]/g, "_"), content: row.content } };
};

/** POST …/downloaded: NEW → DOWNLOAD, audited; a file already downloaded stays as it is. */
export const markNachaDownloaded: ActionHandler = async ({ row, ctx }) => {
  if (row.status !== "NEW") return;
  const now = new Date();
  await ctx.db.updateTable("nacha_payments").set({ status: "DOWNLOAD", file_output_at: now, updated_at: now }).where("id", "=", row.id as number).execute();
  await audit(ctx.db, ctx, "update", nacha, row.id as number, { status: ["NEW", "DOWNLOAD"], file_output_at: [null, now.toISOString()] });
};
