import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, value),
  removeItem: (key: string) => store.delete(key),
});
const tabStore = new Map<string, string>();
vi.stubGlobal("sessionStorage", {
  getItem: (key: string) => tabStore.get(key) ?? null,
  setItem: (key: string, value: string) => tabStore.set(key, value),
  removeItem: (key: string) => tabStore.delete(key),
});
const assign = vi.fn();
vi.stubGlobal("window", { location: { pathname: "/invoices", search: "?x=1", assign } });
vi.stubGlobal("navigator", {});

interface Sent { url: string; method: string; headers: Headers; body: unknown }
let sent: Sent[] = [];
let answers: Response[] = [];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/**
 * The network under axios (every instance, simple-rest's included, takes the default adapter when it
 * is created, after this): what was sent is kept, the next answer is given; no answer is a network failure.
 */
axios.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
  const headers = Object.entries(config.headers.toJSON()).filter(([, v]) => typeof v === "string") as [string, string][];
  sent.push({ url: String(config.url), method: String(config.method).toUpperCase(), headers: new Headers(headers), body: config.data });
  const answer = answers.shift();
  if (!answer) throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config);
  const text = await answer.text();
  const response = {
    data: config.responseType === "blob" ? new Blob([text]) : text,
    status: answer.status, statusText: "", headers: AxiosHeaders.from(Object.fromEntries(answer.headers)), config, request: {},
  };
  if (answer.ok) return response;
  throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
};

beforeEach(() => {
  sent = [];
  answers = [];
  store.clear();
  store.set("outlay.accessToken", "old-access");
  store.set("outlay.refreshToken", "old-refresh");
  store.set("outlay.companyId", "7");
});
afterEach(() => assign.mockReset());

const { dataProvider } = await import("../../src/client/providers/data.js");
const { http } = await import("../../src/client/http.js");

describe("the data provider (the list grammar of docs/api.md)", () => {
  it("pages, sorts and filters a list in simple-rest's grammar, with the total from x-total-count", async () => {
    answers.push(json(200, { data: [{ id: 1 }, { id: 2 }], meta: {} }, { "x-total-count": "42" }));
    const result = await dataProvider.getList({
      resource: "invoices",
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [{ field: "due_date", order: "asc" }, { field: "id", order: "desc" }],
      filters: [
        { field: "status", operator: "in", value: ["NEW", "APPROVED"] },
        { field: "vendor.name", operator: "contains", value: "Acme & Co" },
        { field: "amount", operator: "gte", value: 10 },
        { field: "amount", operator: "lte", value: 99.5 },
        { field: "number", operator: "ne", value: "X" },
        { field: "q", operator: "contains", value: "blue car" },
        { field: "paid_date_null", operator: "eq", value: "true" },
      ],
      meta: { preset: [{ field: "status", operator: "in", value: ["PAYABLE"] }] },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    const url = new URL(sent[0]!.url, "http://x");
    expect(url.pathname).toBe("/api/invoices");
    expect([...url.searchParams]).toEqual([
      ["_end", "60"], ["_order", "asc,desc"], ["_sort", "due_date,id"], ["_start", "40"],
      ["amount_gte", "10"], ["amount_lte", "99.5"], ["number_ne", "X"], ["paid_date_null", "true"], ["q", "blue car"],
      ["status", "PAYABLE"], ["vendor.name_like", "Acme & Co"],
    ]);
    expect(sent[0]!.method).toBe("GET");
    expect(sent[0]!.headers.get("authorization")).toBe("Bearer old-access");
    expect(sent[0]!.headers.get("company-id")).toBe("7");
  });

  it("counts the rows without x-total-count and sends no paging when the list is not paged by the server", async () => {
    answers.push(json(200, { data: [{ id: 1 }] }));
    const result = await dataProvider.getList({ resource: "vendors", pagination: { mode: "off" } });
    expect(result.total).toBe(1);
    expect(sent[0]!.url).toBe("/api/vendors");
  });

  it("gets many by repeated ids, one by its path, and writes with POST, PATCH and DELETE", async () => {
    answers.push(json(200, { data: [{ id: 1 }, { id: 2 }] }), json(200, { data: { id: 1 } }), json(201, { data: { id: 3 } }), json(200, { data: { id: 3 } }), json(200, { data: { id: 3 } }));
    expect((await dataProvider.getMany!({ resource: "vendors", ids: [1, 2] })).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await dataProvider.getOne({ resource: "vendors", id: 1 })).data).toEqual({ id: 1 });
    expect((await dataProvider.create({ resource: "vendors", variables: { name: "A" } })).data).toEqual({ id: 3 });
    await dataProvider.update({ resource: "vendors", id: 3, variables: { name: "B" } });
    await dataProvider.deleteOne({ resource: "vendors", id: 3 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /api/vendors?id=1&id=2", "GET /api/vendors/1", "POST /api/vendors", "PATCH /api/vendors/3", "DELETE /api/vendors/3",
    ]);
    expect(sent[2]!.body).toBe('{"name":"A"}');
    expect(sent[2]!.headers.get("content-type")).toBe("application/json");
    expect(sent[4]!.body).toBeUndefined();
  });

  it("answers a custom GET with its query in the URL", async () => {
    answers.push(json(200, { data: [{ key: null, count: 3 }] }));
    const { data } = await dataProvider.custom!({ url: "/api/invoices/stats", method: "get", query: { status: ["NEW", "OPEN"], _group: "status" } });
    expect(data).toEqual([{ key: null, count: 3 }]);
    const url = new URL(sent[0]!.url, "http://x");
    expect(url.pathname).toBe("/api/invoices/stats");
    expect([...url.searchParams]).toEqual([["_group", "status"], ["status", "NEW"], ["status", "OPEN"]]);
  });

  it("rejects with Refine's HttpError, the 422 body's errors per field", async () => {
    answers.push(json(422, { errors: { amount: ["is invalid"] } }));
    await expect(dataProvider.create({ resource: "invoices", variables: {} })).rejects.toEqual({
      message: "Request failed with status code 422", statusCode: 422, errors: { amount: ["is invalid"] },
    });
  });

  it("reports a network failure as status 0", async () => {
    await expect(http.get("/api/vendors", { silent: true })).rejects.toMatchObject({ statusCode: 0, message: "Network Error" });
  });
});

describe("the HTTP client", () => {
  it("refreshes the tokens once on 401 and repeats the request with the new token", async () => {
    answers.push(json(401, {}), json(200, { access_token: "new-access", refresh_token: "new-refresh" }), json(200, { data: { id: 5 } }));
    const { data } = await http.post<{ id: number }>("/api/things", { a: 1 }, { headers: { "Idempotency-Key": "k1" } });
    expect(data).toEqual({ id: 5 });
    expect(sent.map((s) => s.url)).toEqual(["/api/things", "/oauth/token", "/api/things"]);
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ grant_type: "refresh_token", refresh_token: "old-refresh" });
    expect(sent[1]!.headers.get("authorization")).toBeNull();
    expect(sent[2]!.headers.get("authorization")).toBe("Bearer new-access");
    expect(sent[2]!.headers.get("idempotency-key")).toBe("k1");
    expect(store.get("outlay.refreshToken")).toBe("new-refresh");
  });

  it("sends a fresh Idempotency-Key with every POST (a custom mutation's too), none with a GET", async () => {
    answers.push(json(201, { data: { id: 1 } }), json(201, { data: { id: 2 } }), json(200, { data: [] }));
    await dataProvider.custom!({ url: "/api/payment_runs", method: "post", payload: { a: 1 } });
    await dataProvider.create({ resource: "payments", variables: { a: 1 } });
    await dataProvider.custom!({ url: "/api/payment_runs", method: "get" });
    const keys = sent.map((s) => s.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
    expect(sent.every((s) => s.headers.get("company-id") === "7")).toBe(true);
  });

  it("goes to the login page when the refresh is refused or the repeat is refused again", async () => {
    answers.push(json(401, {}), json(400, { error: "invalid_grant" }));
    await expect(http.get("/api/things")).rejects.toMatchObject({ statusCode: 401 });
    expect(assign).toHaveBeenCalledWith("/login");
    expect(store.get("outlay.redirectTo")).toBe("/invoices?x=1");
    expect(store.has("outlay.accessToken")).toBe(false);
  });

  it("reads files as blobs and hands the answer's headers over", async () => {
    answers.push(new Response("a,b\n", { status: 200, headers: { "content-disposition": 'attachment; filename="x.csv"' } }));
    const response = await http.get<Blob>("/api/file", { responseType: "blob" });
    expect(await response.data.text()).toBe("a,b\n");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="x.csv"');
  });
});
