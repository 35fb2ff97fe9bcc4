/**
 * The app's HTTP client: an axios instance that @refinedev/simple-rest's data provider is given
 * (providers/data.ts). It adds the bearer and company-id headers and a fresh Idempotency-Key on every
 * POST (the money-moving requests are POSTs; routes that do not declare idempotency ignore it, and a
 * retry after a refresh re-sends the same key), unwraps the `{data, meta}` wrapper (its `warnings`
 * shown as a notification; totals stay in x-total-count), makes one refresh attempt on 401 shared by
 * all tabs, and applies the error catalogue of product spec 8 to every failure. Failures reject with
 * Refine's HttpError: message, statusCode (0 = network) and the body's per-field `errors`.
 * Direct use of `http` is for file streams only (docs/client.md lists each call); everything else goes
 * through the data provider (its `custom` for endpoints other than a resource's CRUD).
 */
import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { HttpError } from "@refinedev/core";
import { errorNotice, notify, warningNotice } from "./notify.js";
import { currentLocation, session, type Tokens } from "./session.js";

declare module "axios" {
  interface AxiosRequestConfig {
    /** no error notification: the caller reports the failure itself (true: any failure; a list: these statuses) */
    silent?: boolean | readonly number[];
    /** the request is the one retry after a refresh */
    retried?: boolean;
  }
}

export const apiUrl = "/api";

/** Token endpoints: no bearer, no refresh, no notice (their failures belong to the login form). */
const tokenClient = axios.create();

export async function requestTokens(body: Record<string, string>): Promise<Tokens> {
  const { data } = await tokenClient.post<Tokens>("/oauth/token", body);
  session.signIn(data);
  return data;
}

export const revokeToken = (token: string) =>
  tokenClient.post("/oauth/revoke", { token, client_id: "outlay-web" }, { headers: { "X-Requested-With": "XMLHttpRequest" } });

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
  const body = error.response?.data as { errors?: Record<string, string[]> } | undefined;
  return { message: error.message, statusCode: error.response?.status ?? 0, errors: body?.errors };
}

function authorize(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = session.accessToken();
  const company = session.companyId();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  if (company) config.headers.set("company-id", company);
  if (config.method === "post" && !config.headers.has("Idempotency-Key")) config.headers.set("Idempotency-Key", crypto.randomUUID());
  return config;
}

function unwrap(response: AxiosResponse): AxiosResponse {
  if (response.config.responseType === "blob") return response;
  const data = response.data as { data?: unknown } | undefined;
  const warning = warningNotice(data);
  if (warning) notify("warning", warning);
  if (data && typeof data === "object" && "data" in data) response.data = data.data;
  return response;
}

async function fail(client: AxiosInstance, error: unknown): Promise<AxiosResponse> {
  if (!(error instanceof AxiosError) || !error.config) throw error;
  const { config } = error;
  const status = error.response?.status ?? 0;
  if (status === 401 && !config.retried && session.refreshToken()) {
    const failedToken = String(config.headers.get("Authorization") ?? "").replace(/^Bearer /, "");
    const refreshed = await refresh(failedToken).then(() => true, () => false);
    if (refreshed) return client.request({ ...config, retried: true });
  }
  if (status === 401) goToLogin();
  // a blob request's error body is a Blob: read it as JSON for the catalogue and per-field errors
  if (error.response?.data instanceof Blob) {
    const text = await error.response.data.text();
    try {
      error.response.data = JSON.parse(text) as unknown;
    } catch {
      error.response.data = text;
    }
  }
  const silent = Array.isArray(config.silent) ? config.silent.includes(status) : config.silent === true;
  const notice = silent ? null : errorNotice(status, error.response?.data);
  if (notice) notify("error", notice);
  throw toHttpError(error);
}

function createClient(silent: boolean | readonly number[]): AxiosInstance {
  const client = axios.create({ silent, headers: { Accept: "application/json, text/plain, */*" } });
  client.interceptors.request.use(authorize);
  client.interceptors.response.use(unwrap, (error: unknown) => fail(client, error));
  return client;
}

/** The client whose failures show the error catalogue's notice. */
export const http = createClient(false);
/** The same client, leaving failures to the caller (forms put per-field errors under their fields). */
export const quietHttp = createClient(true);

const partlyQuiet = new Map<string, AxiosInstance>();
/** The client for a call's `silent` (providers/data.ts: `meta.silent`): one per status list, made once. */
export function clientFor(silent: boolean | readonly number[] | undefined): AxiosInstance {
  if (!Array.isArray(silent)) return silent === true ? quietHttp : http;
  const key = silent.join(",");
  let client = partlyQuiet.get(key);
  if (!client) partlyQuiet.set(key, (client = createClient(silent)));
  return client;
}
