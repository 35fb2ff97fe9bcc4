/**
 * The one axios instance of the app: bearer and company-id headers, the `{data, meta}` wrapper
 * unwrapped (simple-rest reads totals from x-total-count), one refresh attempt on 401, and the
 * error catalogue of product spec 8 applied to every failure.
 */
import axios, { type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { HttpError } from "@refinedev/core";
import { errorNotice, notify } from "./notify.js";
import { currentLocation, session, type Tokens } from "./session.js";

declare module "axios" {
  interface AxiosRequestConfig {
    /** no error notification: the caller reports the failure itself */
    silent?: boolean;
    retried?: boolean;
  }
}

export const apiUrl = "/api";

/** Token endpoints: plain axios, no interceptors (their failures belong to the login form). */
export async function requestTokens(body: Record<string, string>): Promise<Tokens> {
  const { data } = await axios.post<Tokens>("/oauth/token", body);
  session.signIn(data);
  return data;
}

export const revokeToken = (token: string) => axios.post("/oauth/revoke", { token, client_id: "outlay-web" }, {
  headers: { "X-Requested-With": "XMLHttpRequest" },
});

export const http = axios.create();

http.interceptors.request.use((config) => {
  const token = session.accessToken();
  const company = session.companyId();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  if (company) config.headers.set("company-id", company);
  return config;
});

let refreshing: Promise<unknown> | undefined;

/**
 * New tokens after `failedToken` was refused. Refresh tokens rotate, and one presented twice revokes
 * the whole sign-in (docs/api.md): so every tab takes its turn under one Web Lock (absent outside
 * secure contexts), and a tab whose turn comes after another tab's refresh uses the stored tokens.
 */
function refresh(failedToken: string): Promise<unknown> {
  const run = async () => {
    if (session.accessToken() !== failedToken) return;
    await requestTokens({ grant_type: "refresh_token", refresh_token: session.refreshToken() ?? "" });
  };
  refreshing ??= ("locks" in navigator ? navigator.locks.request("outlay.refresh", run) : run()).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function goToLogin(): void {
  session.rememberLocation(currentLocation());
  session.clear();
  if (window.location.pathname !== "/login") window.location.assign("/login");
}

/** The rejection value Refine expects: message, statusCode and per-field errors. */
function toHttpError(error: AxiosError): HttpError {
  const status = error.response?.status ?? 0;
  const body = error.response?.data as { errors?: Record<string, string[]> } | undefined;
  return { message: error.message, statusCode: status, errors: body?.errors };
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const body = response.data as { data?: unknown } | undefined;
    if (body && typeof body === "object" && "data" in body) response.data = body.data;
    return response;
  },
  async (error: AxiosError) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    const config = error.config as InternalAxiosRequestConfig | undefined;
    const status = error.response?.status ?? 0;
    if (status === 401 && config && !config.retried && session.refreshToken()) {
      const failedToken = String(config.headers.get("Authorization") ?? "").replace(/^Bearer /, "");
      const refreshed = await refresh(failedToken).then(() => true, () => false);
      if (refreshed) return http.request({ ...config, retried: true });
    }
    if (status === 401) goToLogin();
    const notice = config?.silent ? null : errorNotice(status, error.response?.data);
    if (notice) notify("error", notice);
    return Promise.reject(toHttpError(error));
  },
);
