/** The server side of checks (the check register): print, reprint and void (checks.ts, check-print.ts). */
import checks from "../../../../../resources/checks.js";
import { defineServerModule } from "../../../resources/modules.js";
import { printCheck } from "./check-print.js";
import { reprintCheck, voidCheckAndPayment } from "./checks.js";

export default defineServerModule(checks, {
  actions: {
    async "check.pdf"({ row, ctx }) {
      const printed = await printCheck(ctx, row.payment_id, row.id as number);
      return { file: { contentType: "application/pdf", fileName: printed.fileName, content: printed.pdf } };
    },
    reprint: async ({ row, ctx }) => ({ show: await reprintCheck(ctx, row), status: 201 }),
    void: async ({ row, ctx }) => {
      await voidCheckAndPayment(ctx, row);
    },
  },
});
