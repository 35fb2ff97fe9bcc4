/**
 * Single sign-on in the browser (server: src/server/http/sso.ts). Starting keeps the OIDC code
 * verifier and nonce in sessionStorage under the state until the provider sends the browser back
 * to /login/callback; a refusal keeps its two texts for the failure page (/saml_failed after SAML,
 * /sso_failed otherwise), which shows them.
 */
import { callPublic, type PublicAnswer } from "./pages/identity/public-api.js";
import type { Tokens } from "./session.js";

const pendingKey = (state: string) => `outlay.sso.${state}`;
const failureKey = "outlay.sso.failure";

export interface SsoFailureTexts {
  error: string;
  description: string;
}

interface Started {
  protocol: "OIDC" | "SAML";
  url: string;
  state: string;
  code_verifier?: string;
  nonce?: string;
}

/** Start a sign-on for `email`: to the provider, or the refusal to show. */
export async function startSso(email: string): Promise<PublicAnswer<Started>> {
  const answer = await callPublic<Started>(`/api/sso/start?email=${encodeURIComponent(email)}`);
  const started = answer.data;
  if (!answer.ok || !started) return answer;
  if (started.code_verifier) sessionStorage.setItem(pendingKey(started.state), JSON.stringify({ code_verifier: started.code_verifier, nonce: started.nonce }));
  window.location.assign(started.url);
  return answer;
}

/** What /login/callback posts for the URL it was opened with; undefined when the URL carries a refusal. */
export function callbackRequest(url: URL): Record<string, string> | undefined {
  const grant = url.searchParams.get("grant");
  if (grant) return { grant };
  if (url.searchParams.has("error")) return undefined;
  const state = url.searchParams.get("state") ?? "";
  const pending = JSON.parse(sessionStorage.getItem(pendingKey(state)) ?? "{}") as { code_verifier?: string; nonce?: string };
  sessionStorage.removeItem(pendingKey(state));
  return { url: url.href, code_verifier: pending.code_verifier ?? "", nonce: pending.nonce ?? "" };
}

/** Redeem the callback: the tokens, or the refusal's texts. */
export async function finishSso(request: Record<string, string>): Promise<{ tokens: Tokens } | { failure: SsoFailureTexts }> {
  const answer = await callPublic<never>("/api/sso/callback", request) as PublicAnswer<never> & Partial<Tokens> & { error?: string; error_description?: string };
  if (answer.ok && answer.access_token && answer.refresh_token) return { tokens: { access_token: answer.access_token, refresh_token: answer.refresh_token } };
  return { failure: { error: answer.error ?? "Sign-in failed", description: answer.error_description ?? answer.errors?.base?.[0] ?? "" } };
}

export function keepFailure(failure: SsoFailureTexts): void {
  sessionStorage.setItem(failureKey, JSON.stringify(failure));
}

export function keptFailure(): SsoFailureTexts | undefined {
  const kept = sessionStorage.getItem(failureKey);
  return kept ? (JSON.parse(kept) as SsoFailureTexts) : undefined;
}
