/** The user endpoints of the spec that are no resource route: the signed-in user and the company switch (terms and unlock: users.server.ts). */
import type { FastifyInstance } from "fastify";
import { currentUser } from "../domain/identity/users.js";
import { authenticate } from "./auth.js";
import { forgetSessions } from "../domain/identity/sessions.js";

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
}
