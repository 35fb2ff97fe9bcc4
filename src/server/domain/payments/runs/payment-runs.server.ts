/**
 * The server side of payment_runs: its hooks (hooks.ts; the delete releases the run's reservations,
 * remove.ts) and its declared actions: the check register (payment-documents.ts), exclude (exclude.ts)
 * and process (process.ts). Create and preview stay endpoints of src/server/http/payment-runs.ts.
 */
import paymentRuns from "../../../../../resources/payment_runs.js";
import { defineServerModule } from "../../../resources/modules.js";
import { checkRegisterCsv } from "../payment-documents.js";
import { runPain001 } from "../bank-files/pain001-run.js";
import { excludeFromRun } from "./exclude.js";
import { paymentRunHooks } from "./hooks.js";
import { processRun } from "./process.js";
import { releaseBeforeDelete } from "./remove.js";
import { paymentRunApproval } from "../../approvals/approvables/payment-run.js";

export default defineServerModule(paymentRuns, {
  approval: paymentRunApproval,
  hooks: {
    ...paymentRunHooks,
    beforeDelete: releaseBeforeDelete,
  },
  actions: {
    async check_register({ row, ctx }) {
      const register = await checkRegisterCsv(ctx, row.id);
      return { file: { contentType: "text/csv; charset=utf-8", fileName: `check-register-${register.number.replace(/[^\w.-]+/g, "_")}.csv`, content: register.csv } };
    },
    async "sepa.xml"({ row, ctx }) {
      const file = await runPain001(ctx, row.id, "sepa");
      return { file: { contentType: "application/xml; charset=utf-8", fileName: file.fileName, content: file.xml } };
    },
    async "wire.xml"({ row, ctx }) {
      const file = await runPain001(ctx, row.id, "wire");
      return { file: { contentType: "application/xml; charset=utf-8", fileName: file.fileName, content: file.xml } };
    },
    exclude: excludeFromRun,
    process: processRun,
  },
});
