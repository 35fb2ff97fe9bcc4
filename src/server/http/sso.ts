/**
 * Single sign-on endpoints (domain/identity/sso*.ts), public like sign-in:
 * - GET /api/sso/start?email=…: the provider's URL for the company owning the address's domain
 *   (OIDC: with the state, PKCE verifier and nonce the browser keeps until the callback);
 * - POST /api/sso/callback {url, code_verifier, nonce} (OIDC, the /login/callback page) or {grant}
 *   (after SAML): a token pair as /oauth/token answers, or 400 with `error` and `error_description`;
 * - POST /api/sso/saml/acs: the provider's SAML response, then 303 to /login/callback with a
 *   one-use grant, or with the two failure texts for /saml_failed;
 * - GET /api/sso/saml/metadata/:id: Outlay's service-provider metadata for the provider's admin.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { config } from "../config.js";
import type { DB } from "../db/connect.js";
import { systemDb } from "../db/row-security.js";
import { completeOidc, startOidc } from "../domain/identity/sso-oidc.js";
import { completeSaml, samlAcsPath, samlMetadata, startSaml } from "../domain/identity/sso-saml.js";
import { redeemGrant, settingForEmail, SsoFailure } from "../domain/identity/sso.js";
import { admitAttempt } from "../domain/identity/sign-in-throttle.js";
import { HttpError, notFound, unprocessable } from "../errors.js";
import { isRecordId } from "../validation.js";

export const publicSsoPaths = ["/api/sso/"];

/** The app's address as the browser sees it: APP_URL, else the request's own. */
export const originOf = (request: FastifyRequest) => config.appUrl || `${request.protocol}://${request.host}`;

function failureBody(failure: SsoFailure) {
  return { error: failure.error, error_description: failure.description, errors: { base: [failure.description] } };
}

export function ssoRoutes(app: FastifyInstance, db: DB): void {
  app.get<{ Querystring: { email?: string } }>("/api/sso/start", async (request, reply) => {
    const email = String(request.query.email ?? "").trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw unprocessable({ email: ["must be an e-mail address"] });
    const wait = await admitAttempt(db, `sso:${email}`, request.ip);
    if (wait !== null) {
      reply.header("retry-after", String(wait));
      throw new HttpError(429, { base: [`Too many attempts. Try again in ${wait} ${wait === 1 ? "second" : "seconds"}.`] });
    }
    const setting = await settingForEmail(db, email);
    if (!setting) throw unprocessable({ email: ["No single sign-on is set up for this address. Log in with your password."] });
    try {
      const started = setting.protocol === "SAML" ? await startSaml(db, setting, originOf(request)) : await startOidc(db, setting, originOf(request), email);
      return { data: { protocol: setting.protocol, ...started } };
    } catch (error) {
      if (error instanceof SsoFailure) return reply.status(502).send(failureBody(error));
      throw error;
    }
  });

  app.post("/api/sso/callback", async (request, reply) => {
    const body = (request.body ?? {}) as { url?: unknown; code_verifier?: unknown; nonce?: unknown; grant?: unknown };
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    try {
      if (body.grant !== undefined) return await redeemGrant(db, text(body.grant));
      let url: URL;
      try {
        url = new URL(text(body.url));
      } catch {
        throw new SsoFailure("Sign-in expired", "The sign-in answer was incomplete. Please start again.");
      }
      return await completeOidc(db, url, text(body.code_verifier), text(body.nonce));
    } catch (error) {
      if (error instanceof SsoFailure) return reply.status(400).send(failureBody(error));
      throw error;
    }
  });

  // the provider posts the response as a form (app.ts parses forms)
  app.post(samlAcsPath, async (request, reply) => {
    const form = (request.body ?? {}) as { SAMLResponse?: string; RelayState?: string };
    try {
      const grant = await completeSaml(db, form, originOf(request));
      return reply.redirect(`/login/callback?grant=${encodeURIComponent(grant)}`, 303);
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      const query = new URLSearchParams({ protocol: "saml", error: error.error, error_description: error.description });
      return reply.redirect(`/login/callback?${query.toString()}`, 303);
    }
  });

  app.get<{ Params: { id: string } }>("/api/sso/saml/metadata/:id", async (request, reply) => {
    const id = request.params.id;
    const setting = isRecordId(id) ? await systemDb(db).selectFrom("sso_settings").selectAll().where("id", "=", Number(id)).where("protocol", "=", "SAML").executeTakeFirst() : undefined;
    if (!setting) throw notFound();
    try {
      return reply.type("application/samlmetadata+xml").send(samlMetadata(setting, originOf(request)));
    } catch (error) {
      if (error instanceof SsoFailure) throw unprocessable({ base: [error.description] });
      throw error;
    }
  });
}
