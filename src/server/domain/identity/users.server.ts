/**
 * The server side of users: its hooks (users.ts), the unlock and resend-invitation actions, and the terms acceptance the
 * spec sends as PATCH /api/users/{id} with `{ user: {...} }` (for oneself; any other body is the generic edit).
 */
import users from "../../../../resources/users.js";
import { forbidden } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import { defineServerModule } from "../../resources/modules.js";
import { sendInvitation } from "./password-links.js";
import { acceptTerms, currentUser, unlockUser, userHooks } from "./users.js";

export default defineServerModule(users, {
  hooks: {
    ...userHooks,
    answers: {
      async update(id, body, ctx) {
        const terms = (body as { user?: Row } | null | undefined)?.user;
        if (!terms) return undefined;
        if (id !== String(ctx.user.id)) throw forbidden("You can only accept the terms for yourself.");
        await acceptTerms(ctx.db, ctx.user.id, terms);
        return currentUser(ctx);
      },
    },
  },
  actions: {
    async unlock({ row, ctx }) {
      await unlockUser(ctx.db, row.user_id as number);
    },
    async resend_invitation({ row, ctx }) {
      const login = await ctx.db.selectFrom("users").select("password_hash").where("id", "=", row.user_id as number).executeTakeFirstOrThrow();
      await sendInvitation(ctx.db, ctx, { id: row.id as number, email: String(row.email) }, login.password_hash !== null);
    },
  },
});
