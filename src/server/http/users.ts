/** The user endpoints of the spec that are not plain resource CRUD. */
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../resources/index.js";
import { acceptTerms, currentUser, unlockUser } from "../domain/identity/users.js";
import type { Row } from "../resources/context.js";
import { findRow } from "../resources/query.js";
import { decorate } from "../resources/read.js";
import { authorize } from "../resources/routes.js";
import { updateRow } from "../resources/write.js";
import { authenticate } from "./auth.js";
import { forbidden, notFound } from "../errors.js";
import { forgetSessions } from "../domain/identity/sessions.js";

const users = resourceByName.get("users")!;

export function userRoutes(app: FastifyInstance): void {
  app.get("/api/users/current", async (request) => ({ data: await currentUser(request.ctx) }));

  app.post<{ Params: { company_id: string } }>("/api/users/switch_company/:company_id", async (request) => {
    const ctx = request.ctx;
    // authenticate again against the target company: refuses (403) a company the user is not in
    request.headers["company-id"] = request.params.company_id;
    const target = await authenticate(ctx.db, request);
    await ctx.db.updateTable("users").set({ current_company_id: target.company.id }).where("id", "=", ctx.user.id).execute();
    forgetSessions();
    return { data: await currentUser(target) };
  });

  // terms acceptance ({user: {...}}) for oneself, else the generic users update
  app.patch<{ Params: { id: string } }>("/api/users/:id", async (request) => {
    const body = request.body as { user?: Row } | undefined;
    if (body?.user) {
      if (request.params.id !== String(request.ctx.user.id)) throw forbidden("You can only accept the terms for yourself.");
      await acceptTerms(request.ctx.db, request.ctx.user.id, body.user);
      return { data: await currentUser(request.ctx) };
    }
    const ctx = authorize(request, users, "edit");
    const row = await updateRow(users, request.params.id, body, ctx);
    const [data] = await decorate(users, [row], ctx, true);
    return { data };
  });

  app.post<{ Params: { id: string } }>("/api/users/:id/unlock", async (request) => {
    const ctx = authorize(request, users, "edit");
    const contact = await findRow(users, request.params.id, ctx);
    if (!contact) throw notFound();
    await unlockUser(ctx.db, contact.user_id as number);
    const [data] = await decorate(users, [(await findRow(users, request.params.id, ctx))!], ctx, true);
    return { data };
  });
}
