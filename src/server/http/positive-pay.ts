/**
 * GET /api/positive_pay: the positive-pay file of one originating account for a date range
 * (bank-files/positive-pay.ts), downloaded; POST /api/positive_pay/deliver uploads it by SFTP with
 * the account's positive-pay settings (the reports' SFTP delivery). Both carry account numbers, so
 * they are for who may pay.
 */
import type { FastifyInstance } from "fastify";
import { paymentTransitionPermission } from "../../../resources/payments.js";
import { can } from "../../framework/permissions.js";
import { uploadBySftp } from "../domain/admin/report-sftp.js";
import { positivePayFile, positivePayQuery } from "../domain/payments/bank-files/positive-pay.js";
import { conflict, forbidden } from "../errors.js";
import type { Row } from "../resources/context.js";
import { sendAttachment } from "./attachment.js";

export function positivePayRoutes(app: FastifyInstance): void {
  app.get("/api/positive_pay", async (request, reply) => {
    const ctx = request.ctx;
    if (!can(ctx.principal, paymentTransitionPermission)) throw forbidden();
    const query = positivePayQuery(request.query as Row);
    const file = await positivePayFile(ctx, query.fromId, query.dateFrom, query.dateTo, query.layout);
    return sendAttachment(reply, file.fileName.endsWith(".csv") ? "text/csv" : "text/plain", file.fileName, file.content);
  });
  app.post("/api/positive_pay/deliver", async (request) => {
    const ctx = request.ctx;
    if (!can(ctx.principal, paymentTransitionPermission)) throw forbidden();
    const query = positivePayQuery({ ...(request.query as Row), ...((request.body ?? {}) as Row) });
    const file = await positivePayFile(ctx, query.fromId, query.dateFrom, query.dateTo, query.layout);
    if (!file.setting?.sftp_host) throw conflict("The originating account has no positive-pay SFTP server: set one up in its positive-pay layout.");
    const problem = await uploadBySftp(file.setting, file.fileName, Buffer.from(file.content));
    await ctx.db.updateTable("positive_pay_settings").set({ last_delivered_at: problem ? undefined : new Date(), last_delivery_error: problem ?? null, updated_at: new Date() })
      .where("company_id", "=", ctx.company.id).where("id", "=", file.setting.id as number).execute();
    if (problem) throw conflict(problem);
    return { data: { file_name: file.fileName, records: file.records.length } };
  });
}
