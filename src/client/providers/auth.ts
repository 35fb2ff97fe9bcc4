/** Refine auth provider: OAuth password grant, revoke on logout, identity from /api/users/current. */
import type { AuthProvider } from "@refinedev/core";
import { requestTokens, revokeToken } from "../http.js";
import { i18n, setLanguage } from "../i18n/index.js";
import { baseMessages, errorNotice, notify } from "../notify.js";
import { session } from "../session.js";
import { fetchCurrentUser, forgetCurrentUser } from "../user.js";

/** The message a failed token request shows on the login form. */
function loginError(error: unknown): string {
  const response = (error as { response?: { status: number; data: unknown } }).response;
  const base = baseMessages(response?.data);
  if (base.length) return base.join(", ");
  const notice = errorNotice(response?.status ?? 0, response?.data);
  return notice?.message ?? notice?.title ?? "";
}

export const authProvider: AuthProvider = {
  /** with a password, or with what a single sign-on callback redeems (sso.ts) */
  async login(params: { email: string; password: string } | { sso: Record<string, string> }) {
    session.clear();
    forgetCurrentUser();
    try {
      if ("sso" in params) {
        // on demand: single sign-on's client code stays off the first load
        const { finishSso, keepFailure } = await import("../sso.js");
        const finished = await finishSso(params.sso);
        if ("failure" in finished) {
          keepFailure(finished.failure);
          return { success: false, error: { name: finished.failure.error, message: finished.failure.description } };
        }
        session.signIn(finished.tokens);
      } else {
        await requestTokens({ grant_type: "password", username: params.email, password: params.password });
      }
      // the language saved on the contact, before the first signed-in page renders
      const user = await fetchCurrentUser().catch(() => undefined);
      if (user?.contact.language) await setLanguage(user.contact.language);
      return { success: true, redirectTo: session.takeRedirect() };
    } catch (error) {
      return { success: false, error: { name: "login", message: loginError(error) } };
    }
  },

  async logout() {
    const token = session.accessToken();
    const revoked = token ? ((await revokeToken(token).catch(() => undefined)) as { data?: { logout_url?: string } } | undefined) : undefined;
    session.clear();
    forgetCurrentUser();
    // a single sign-on session ends at its provider too, which sends the browser back to /login
    const providerLogout = revoked?.data?.logout_url;
    if (providerLogout) {
      window.location.assign(providerLogout);
      return { success: true };
    }
    return { success: true, redirectTo: "/login" };
  },

  async check() {
    return session.accessToken() ? { authenticated: true } : { authenticated: false, redirectTo: "/login" };
  },

  async getIdentity() {
    try {
      return await fetchCurrentUser();
    } catch (error) {
      // a 401 has already been sent to login by the HTTP layer
      if ((error as { statusCode?: number }).statusCode !== 401) {
        notify("error", { title: i18n.t("errors.userTitle", "User"), message: i18n.t("errors.pleaseLogin", "Please login") });
        session.clear();
        window.location.assign("/login");
      }
      return null;
    }
  },

  // failures are reported (and 401 handled) once, by the HTTP layer
  async onError() {
    return {};
  },
};
