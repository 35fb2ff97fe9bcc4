/**
 * The one HTTP client of the app, on fetch: bearer and company-id headers, the `{data, meta}`
 * wrapper unwrapped (its `warnings` shown as a notification) (the data provider reads totals from x-total-count), one refresh attempt on
 * 401, and the error catalogue of product spec 8 applied to every failure. Failures reject with
 * Refine's HttpError: message, statusCode (0 = network) and the body's per-field `errors`.
 */
import type { HttpError } from "@refinedev/core";
import { errorNotice, notify, warningNotice } from "./notify.js";
import { currentLocation, session, type Tokens } from "./session.js";

export interface RequestOptions {
  headers?: Record<string, string>;
  /** no error notification: the caller reports the failure itself (true: any failure; a list: these statuses) */
  silent?: boolean | readonly number[];
  /** "blob" for files; otherwise the body is read as JSON (as text when it is not JSON) */
  responseType?: "json" | "blob";
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** lower-case names */
  headers: Record<string, string>;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export const apiUrl = "/api";

const accept = "application/json, text/plain, */*";

/** A request body as fetch takes it: JSON for plain values, FormData and the like as they are. */
function encode(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === "string") return body;
  headers.set("Content-Type", "application/json");
  return JSON.stringify(body);
}

/** The body of an answer: a Blob when asked for, else JSON, or the text when it is not JSON. */
async function decode(response: Response, responseType: RequestOptions["responseType"]): Promise<unknown> {
  if (responseType === "blob") return response.blob();
  const text = await response.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const headersOf = (response: Response): Record<string, string> => Object.fromEntries(response.headers.entries());

/** A failed request: its status (0 when no answer came) and the answer's body. */
class RequestFailure extends Error {
  constructor(message: string, readonly response?: { status: number; data: unknown }) {
    super(message);
  }
}

/** One round trip, no interceptors: resolves on 2xx, rejects with a RequestFailure otherwise. */
async function exchange(method: Method, url: string, body: unknown, headers: Headers, responseType?: RequestOptions["responseType"]): Promise<HttpResponse<unknown>> {
  if (!headers.has("Accept")) headers.set("Accept", accept);
  const payload = encode(body, headers);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload });
  } catch {
    throw new RequestFailure("Network Error");
  }
  const data = await decode(response, responseType);
  if (!response.ok) throw new RequestFailure(`Request failed with status code ${response.status}`, { status: response.status, data });
  return { data, status: response.status, headers: headersOf(response) };
}

/** Token endpoints: no bearer, no refresh, no notice (their failures belong to the login form). */
export async function requestTokens(body: Record<string, string>): Promise<Tokens> {
  const { data } = await exchange("POST", "/oauth/token", body, new Headers());
  session.signIn(data as Tokens);
  return data as Tokens;
}

export const revokeToken = (token: string) =>
  exchange("POST", "/oauth/revoke", { token, client_id: "outlay-web" }, new Headers({ "X-Requested-With": "XMLHttpRequest" }));

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
function toHttpError(failure: RequestFailure): HttpError {
  const body = failure.response?.data as { errors?: Record<string, string[]> } | undefined;
  return { message: failure.message, statusCode: failure.response?.status ?? 0, errors: body?.errors };
}

async function request<T>(method: Method, url: string, body: unknown, options: RequestOptions = {}, retried = false): Promise<HttpResponse<T>> {
  const headers = new Headers(options.headers);
  const token = session.accessToken();
  const company = session.companyId();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (company) headers.set("company-id", company);
  try {
    const response = await exchange(method, url, body, headers, options.responseType);
    const data = response.data as { data?: unknown } | undefined;
    const warning = warningNotice(data);
    if (warning) notify("warning", warning);
    if (data && typeof data === "object" && "data" in data) response.data = data.data;
    return response as HttpResponse<T>;
  } catch (error) {
    if (!(error instanceof RequestFailure)) throw error;
    const status = error.response?.status ?? 0;
    if (status === 401 && !retried && session.refreshToken()) {
      const refreshed = await refresh(token ?? "").then(() => true, () => false);
      if (refreshed) return request<T>(method, url, body, options, true);
    }
    if (status === 401) goToLogin();
    const silent = Array.isArray(options.silent) ? options.silent.includes(status) : options.silent === true;
    const notice = silent ? null : errorNotice(status, error.response?.data);
    if (notice) notify("error", notice);
    throw toHttpError(error);
  }
}

/** The calls the app makes (axios-shaped: `data`, `status`, `headers` of the answer). */
export const http = {
  request,
  get: <T = unknown>(url: string, options?: RequestOptions) => request<T>("GET", url, undefined, options),
  delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("DELETE", url, body, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("POST", url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", url, body, options),
};
