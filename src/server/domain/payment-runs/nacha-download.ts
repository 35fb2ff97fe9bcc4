/** GET /api/nacha_payments/{id}/file: the stored file; the first download moves it NEW → DOWNLOAD (it may have reached the bank). */
import { resourceByName } from "../../../../resources/index.js";
import { notFound } from "../../http/errors.js";
import type { Ctx } from "../../resources/context.js";
import { findRow } from "../../resources/query.js";
import { audit } from "../../resources/write.js";

const nacha = resourceByName.get("nacha_payments")!;

export async function downloadNacha(ctx: Ctx, id: string): Promise<{ fileName: string; content: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findRow(nacha, id, { ...ctx, db: trx }, true);
    if (!row) throw notFound();
    if (typeof row.content !== "string") throw notFound("This NACHA payment has no stored file.");
    if (row.status === "NEW") {
      const now = new Date();
      await trx.updateTable("nacha_payments").set({ status: "DOWNLOAD", file_output_at: now, updated_at: now }).where("id", "=", row.id as number).execute();
      await audit(trx, ctx, "update", nacha, row.id as number, { status: ["NEW", "DOWNLOAD"], file_output_at: [null, now.toISOString()] });
    }
    return { fileName: String(row.file_name ?? `${String(row.number)}.txt`), content: row.content };
  });
}
