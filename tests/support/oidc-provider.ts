/**
 * A real OpenID Connect provider for tests (the `oidc-provider` package) on a free local port. Its
 * development sign-in page takes any login name and password; the account's subject id and e-mail
 * are the login name. Consent is implied for the one client, so a sign-in is one form.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUris: string[]): Promise<TestProvider> {
  const clientId = "outlay-test";
  const clientSecret = "outlay-test-secret-0123456789abcdef";
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris,
      post_logout_redirect_uris: redirectUris.map((uri) => new URL("/login", uri).href),
      grant_types: ["authorization_code"], response_types: ["code"],
    }],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id.split("@")[0].replace(/[._]/g, " ") }),
    }),
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();
  return {
    issuer, clientId, clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
