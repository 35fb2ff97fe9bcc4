/**
 * Captured documents' actions: a clerk names the vendor the capture could not tell (the draft is
 * then made), has a failed document read again, and has corrections remembered for the vendor's
 * layout (layouts.ts).
 */
import invoiceCaptures from "../../../../resources/invoice_captures.js";
import { unprocessable } from "../../errors.js";
import { referenceExists } from "../admin/lookups.js";
import { defineServerModule } from "../../resources/modules.js";
import { currentJobs } from "../../jobs/jobs.js";
import { captureReadJob } from "./intake.js";
import { rememberCorrections } from "./layouts.js";
import { draftOf } from "./read.js";

export default defineServerModule(invoiceCaptures, {
  hooks: {
    // the read words stay on the server (learning needs them); the client gets the fields and their boxes
    decorate(rows) {
      for (const row of rows) {
        const fields = row.fields as Record<string, unknown> | null;
        if (fields && "pages" in fields) {
          const pages = fields.pages as { aspect: number }[];
          row.fields = { ...fields, pages: pages.map((p) => ({ aspect: p.aspect })), text: undefined };
        }
      }
    },
  },
  actions: {
    async choose_vendor({ row, input, ctx }) {
      if (!row.fields || !("values" in (row.fields as object))) throw unprocessable({ base: ["The document has not been read yet."] });
      // one of the company's vendors the clerk can see, as a form's vendor field would be
      if (!(await referenceExists(ctx, "Vendor", Number(input.vendor_id)))) throw unprocessable({ vendor_id: ["does not exist"] });
      await draftOf(ctx.db, ctx, row.id as number, Number(input.vendor_id));
    },
    async read_again({ row, ctx }) {
      await ctx.db.updateTable("invoice_captures").set({ status: "RECEIVED", reason: null, updated_at: new Date() }).where("id", "=", row.id as number).execute();
      await currentJobs()?.send(captureReadJob, { company_id: ctx.company.id, capture_id: row.id }, { db: ctx.db, singletonKey: `capture:${String(row.id)}` });
    },
    async learn({ row, input, ctx }) {
      const learned = await rememberCorrections(ctx.db, ctx.company.id, row.id as number, input.corrections as Record<string, string>);
      return { data: { learned } };
    },
  },
});
