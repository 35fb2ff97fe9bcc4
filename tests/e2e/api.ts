/** The API from the browser tests' side: tokens, and real URLs for the manifest's routes. */
import { resourceByName } from "../../resources/index.js";
import type { ManifestRoute } from "../../src/framework/manifest.js";
import type { Principal } from "../../src/framework/permissions.js";
import { pathParams, tableOf, type ResourceDef } from "../../src/framework/resource.js";
import { approvableOf } from "../../src/client/approvals/approvables.js";
import { enumOf } from "../../src/client/i18n/keys.js";
import { propertiesOf } from "../../src/framework/schema.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { baseUrl } from "./browser.js";

export interface Api {
  companyId: number;
  /** the signed-in user as GET /api/users/current answers: what the client checks guards against */
  user: Principal & { role: string };
  get<T = unknown>(path: string): Promise<{ status: number; body: T }>;
  post<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  patch<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
}

/** Sign in through POST /oauth/token and call the API as that user. */
export async function apiAs(email: string): Promise<Api> {
  const token = await fetch(`${baseUrl()}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: email, password: demoPassword }),
  });
  if (!token.ok) throw new Error(`sign-in ${email}: ${token.status}`);
  const { access_token } = (await token.json()) as { access_token: string };
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };
  const current = await call<{ data: Principal & { role: string; company: { id: number } } }>("GET", "/api/users/current");
  return {
    companyId: current.body.data.company.id,
    user: current.body.data,
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    patch: (path, body) => call("PATCH", path, body),
  };
}

type Row = Record<string, unknown>;

/**
 * For a record screen addressed by approval id (/expenses_approval/:approvalID): the newest approval
 * of the records' type and its record, as the API returns them.
 */
export async function approvalOfType(resource: ResourceDef, api: Api): Promise<{ approval: Row; record: Row } | undefined> {
  const declaring = approvableOf(resource);
  if (!declaring) return undefined;
  const approvals = await api.get<{ data: Row[] }>(`/api/approvals?approvable_type=${declaring.approvable.type}&_end=1`);
  const approval = approvals.body.data?.[0];
  if (!approval) return undefined;
  const record = await api.get<{ data: Row }>(`/api/${declaring.resource.name}/${String(approval.approvable_id)}`);
  return { approval, record: record.body.data };
}

const byApprovalId = (resource: ResourceDef, idParam: string | undefined) => idParam === "approvalID" && tableOf(resource) !== "approvals";

/**
 * A visitable URL for a route: the record parameter filled with a real id (the first row the API
 * lists; an approval's id for a record screen addressed by approval id), other parameters with the row's field of the same name, the first value of a field's enum,
 * the company id for a company parameter, else 1.
 */
export async function urlFor(route: ManifestRoute, api: Api, rows = new Map<string, Row | undefined>()): Promise<string> {
  const params = pathParams(route.path);
  if (!params.length) return route.path;
  const resource = route.resource ? resourceByName.get(route.resource) : undefined;
  const idParam = route.idParam ?? (route.kind === "page" || route.kind === "dashboard" ? params[0] : undefined);
  if (resource && byApprovalId(resource, idParam)) {
    return route.path.replace(`:${idParam!}`, String((await approvalOfType(resource, api))?.approval.id ?? 1));
  }
  if (resource && !rows.has(resource.name)) {
    const { status, body } = await api.get<{ data: Row[] }>(`/api/${resource.name}?_end=1`);
    rows.set(resource.name, status === 200 ? body.data[0] : undefined);
  }
  const row = resource ? rows.get(resource.name) : undefined;
  let path = route.path;
  for (const param of params) {
    const property = resource ? propertiesOf(resource)[param] : undefined;
    const value = param === idParam ? row?.id
      : row?.[param] ?? enumOf(property)[0] ?? (/^company_?id$/i.test(param) ? api.companyId : 1);
    path = path.replace(`:${param}`, encodeURIComponent(String(value ?? 1)));
  }
  return path;
}
