/**
 * The public identity endpoints (no session: the e-mailed token, or nothing, is the credential):
 * - POST /api/users/password {email}: ask for a reset link; always the same answer (202);
 * - GET /api/users/set_password/:token: what a /set_password link opens (or 404/410 with the reason);
 * - POST /api/users/set_password {token, password, password_confirmation}: use it;
 * - POST /api/users/unlock {token}: use an unlock link (unlock-links.ts);
 * - GET /api/users/signup: whether sign-up is open; POST /api/users/signup: sign up (sign-up.ts);
 * - GET /api/users/confirmation?confirmation_token=…: confirm the address of a sign-up.
 * Requests are throttled like sign-in attempts, per address and per account (sign-in-throttle.ts).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { DB } from "../db/connect.js";
import { openPasswordLink, requestPasswordReset, resetAnswer, usePasswordLink } from "../domain/identity/password-links.js";
import { admitAttempt } from "../domain/identity/sign-in-throttle.js";
import { useUnlockLink } from "../domain/identity/unlock-links.js";
import { checkSignUp, confirmAddress, signUp, signUpAnswer } from "../domain/identity/sign-up.js";
import { config } from "../config.js";
import { forbidden, HttpError, unprocessable } from "../errors.js";
import { refuseLink } from "../links/routes.js";
import { userSchema } from "../../../schemas/user.js";

export const publicIdentityPaths = ["/api/users/password", "/api/users/set_password", "/api/users/unlock", "/api/users/signup", "/api/users/confirmation"];

const maxEmailLength = userSchema.properties.email.maxLength;

/** 429 with Retry-After when `key` from this address has used up its attempts. */
async function throttle(db: DB, key: string, address: string, reply: FastifyReply): Promise<void> {
  const wait = await admitAttempt(db, key, address);
  if (wait === null) return;
  reply.header("retry-after", String(wait));
  throw new HttpError(429, { base: [`Too many attempts. Try again in ${wait} ${wait === 1 ? "second" : "seconds"}.`] });
}

export function identityRoutes(app: FastifyInstance, db: DB): void {
  app.post("/api/users/password", async (request, reply) => {
    const raw = (request.body as { email?: unknown } | null)?.email;
    const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > maxEmailLength) throw unprocessable({ email: ["must be an e-mail address"] });
    await throttle(db, `reset:${email}`, request.ip, reply);
    await requestPasswordReset(db, email);
    return reply.status(202).send({ message: resetAnswer });
  });

  app.get<{ Params: { token: string } }>("/api/users/set_password/:token", async (request, reply) => {
    const link = await openPasswordLink(db, request.params.token);
    if ("refused" in link) return refuseLink(reply, link.refused);
    return { data: { purpose: link.purpose, email: link.email, company_name: link.companyName, has_password: link.hasPassword } };
  });

  app.post("/api/users/set_password", async (request, reply) => {
    const body = (request.body ?? {}) as { token?: unknown; password?: unknown; password_confirmation?: unknown };
    const token = typeof body.token === "string" ? body.token : "";
    await throttle(db, `set_password:${token.slice(0, 64)}`, request.ip, reply);
    const link = token ? await openPasswordLink(db, token) : { refused: "unknown" as const };
    if ("refused" in link) return refuseLink(reply, link.refused);
    await usePasswordLink(db, link, token, body);
    return { data: { email: link.email } };
  });

  app.post("/api/users/unlock", async (request, reply) => {
    const token = (request.body as { token?: unknown } | null)?.token;
    await throttle(db, "unlock", request.ip, reply);
    const used = typeof token === "string" && token ? await useUnlockLink(db, token) : { refused: "unknown" as const };
    if ("refused" in used) return refuseLink(reply, used.refused);
    return { data: used };
  });

  app.get("/api/users/signup", async () => ({ data: { open: config.signupOpen } }));

  app.post("/api/users/signup", async (request, reply) => {
    if (!config.signupOpen) throw forbidden("Sign-up is closed on this Outlay. Ask your company's administrator for an invitation.");
    const input = checkSignUp(request.body);
    await throttle(db, `signup:${input.email}`, request.ip, reply);
    await signUp(db, input);
    return reply.status(202).send({ message: signUpAnswer });
  });

  app.get<{ Querystring: { confirmation_token?: string } }>("/api/users/confirmation", async (request, reply) => {
    const token = request.query.confirmation_token;
    await throttle(db, "confirmation", request.ip, reply);
    const confirmed = typeof token === "string" && token ? await confirmAddress(db, token) : { refused: "unknown" as const };
    if ("refused" in confirmed) return refuseLink(reply, confirmed.refused);
    return { data: confirmed };
  });
}
