/**
 * NACHA files. GET /api/nacha_payments/{id}/file reads the stored file and changes nothing (a GET never
 * changes state: a read-only user may download it). POST /api/nacha_payments/{id}/downloaded, by who
 * processes payments, records that the file left for the bank: NEW → DOWNLOAD (then it can no longer
 * be deleted). The client posts it after its download.
 */
import { resourceByName } from "../../../../../resources/index.js";
import { notFound } from "../../../errors.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { findRow } from "../../../resources/query.js";
import { audit } from "../../../resources/write.js";
import { inTransaction } from "../../../db/unit-of-work.js";

const nacha = resourceByName.get("nacha_payments")!;

export async function readNacha(ctx: Ctx, id: string): Promise<{ fileName: string; content: string }> {
  const row = await findRow(nacha, id, ctx);
  if (!row) throw notFound();
  if (typeof row.content !== "string") throw notFound("This NACHA payment has no stored file.");
  return { fileName: String(row.file_name ?? `${String(row.number)}.txt`), content: row.content };
}

/** NEW → DOWNLOAD, audited; a file already downloaded stays as it is. Returns the row as saved. */
export async function markNachaDownloaded(ctx: Ctx, id: string): Promise<Row> {
  return inTransaction(ctx, async (trx, tctx) => {
    const row = await findRow(nacha, id, tctx, true);
    if (!row) throw notFound();
    if (row.status !== "NEW") return row;
    const now = new Date();
    const saved = (await trx.updateTable("nacha_payments").set({ status: "DOWNLOAD", file_output_at: now, updated_at: now })
      .where("id", "=", row.id as number).returningAll().executeTakeFirstOrThrow()) as Row;
    await audit(trx, ctx, "update", nacha, row.id as number, { status: ["NEW", "DOWNLOAD"], file_output_at: [null, now.toISOString()] });
    return saved;
  });
}
