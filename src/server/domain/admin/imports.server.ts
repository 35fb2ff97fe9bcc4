/**
 * The server side of imports: its hooks (admin.ts) and its actions — a new mapping previewed, the
 * import applied as a job (import-run.ts), the error file downloaded.
 */
import imports from "../../../../resources/imports.js";
import { notFound } from "../../errors.js";
import { currentJobs } from "../../jobs/jobs.js";
import { translator } from "../../locale.js";
import { defineServerModule } from "../../resources/modules.js";
import { importHooks } from "./admin.js";
import { errorFile, parseCsv, type RowError } from "./import-file.js";
import { previewFields } from "./import-preview.js";
import { importJob, importPlan, runImport } from "./import-run.js";

export default defineServerModule(imports, {
  hooks: importHooks,
  actions: {
    async preview({ row, input, ctx }) {
      const loaded = await importPlan(ctx.db, ctx.company.id, Number(row.id));
      if (!loaded) throw notFound();
      const fields = await previewFields(loaded.plan.resource, loaded.plan.kind, loaded.row.content, input.mapping as Record<string, string>, ctx);
      await ctx.db.updateTable("imports").set({ ...fields, errors: JSON.stringify(fields.errors), mapping: JSON.stringify(fields.mapping), updated_at: new Date() })
        .where("id", "=", Number(row.id)).execute();
    },
    // the rows are written by a job (pg-boss, or the in-process runner); a process without one runs it after the commit
    async apply({ row, ctx }) {
      await ctx.db.updateTable("imports").set({ status: "PROCESSING", processed_rows: 0, error_rows: 0, errors: JSON.stringify([]), updated_at: new Date() })
        .where("id", "=", Number(row.id)).execute();
      const job = { company_id: ctx.company.id, import_id: Number(row.id) };
      const jobs = currentJobs();
      if (jobs) await jobs.send(importJob, job, { db: ctx.db, retry: { limit: 2, delaySeconds: 30 } });
      else {
        const unit = ctx.unit!;
        unit.afterCommit.push(async () => void runImport(unit.db, job.company_id, job.import_id));
      }
    },
    async error_file({ row, ctx }) {
      const loaded = await importPlan(ctx.db, ctx.company.id, Number(row.id));
      if (!loaded) throw notFound();
      const t = translator(ctx.contact.language);
      const content = errorFile(parseCsv(String(loaded.row.content ?? "")), (row.errors ?? []) as RowError[], (field) => t(`${loaded.plan.resource.name}.fields.${field}`, field));
      return { file: { contentType: "text/csv", fileName: `${String(row.file_name).replace(/\.csv$/i, "")} errors.csv`, content } };
    },
  },
});
