/**
 * API answers (src/server/http/compression.ts): 1 KB or more compressed per Accept-Encoding (brotli
 * first, else gzip), smaller ones as they are; `Cache-Control: no-store` on every API and sign-in
 * answer; an idempotent write's replay is the first answer, compressed or not.
 */
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();
let headers: Record<string, string> = {};
beforeAll(async () => {
  headers = await h.login("admin@acme.test", await h.companyId("Acme Corp"));
});

const bigList = "/api/invoices?_sort=id&_order=asc&_start=0&_end=50";
const emptyList = "/api/invoices?status=NO_SUCH_STATUS&_start=0&_end=25";

describe("compression of API answers", () => {
  it("compresses a large list with brotli or gzip, as the client accepts, to the same JSON", async () => {
    const plain = await h.app.inject({ url: bigList, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().data.length).toBeGreaterThan(1);

    const br = await h.app.inject({ url: bigList, headers: { ...headers, "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(plain.json());

    const gzip = await h.app.inject({ url: bigList, headers: { ...headers, "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(plain.json());

    // an encoding it does not offer: as it is
    const other = await h.app.inject({ url: bigList, headers: { ...headers, "accept-encoding": "compress" } });
    expect(other.headers["content-encoding"]).toBeUndefined();
    expect(other.json()).toEqual(plain.json());
  });

  it("leaves an answer under 1 KB as it is", async () => {
    const small = await h.app.inject({ url: emptyList, headers: { ...headers, "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe("Cache-Control: no-store", () => {
  it("on API answers, successful or not, and on sign-in", async () => {
    for (const [url, status] of [[bigList, 200], [emptyList, 200], ["/api/invoices/99999999", 404]] as const) {
      const response = await h.app.inject({ url, headers });
      expect(response.statusCode).toBe(status);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    const anonymous = await h.app.inject({ url: bigList });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const token = await h.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: "admin@acme.test", password: "wrong" } });
    expect(token.statusCode).toBeGreaterThanOrEqual(400);
    expect(token.headers["cache-control"]).toBe("no-store");
  });

  it("not on what is not the API: the health check", async () => {
    const health = await h.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.headers["cache-control"]).not.toBe("no-store");
  });
});

describe("an idempotent write's replay", () => {
  it("is the first answer, though the first went compressed", async () => {
    const company = await h.companyId("Acme Corp");
    const vendor = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
    const invoice = await h.database.db.insertInto("invoices").values({
      company_id: company, number: `GZ-INV-${process.pid}`, vendor_id: vendor.id, date: "2026-11-01", due_date: "2026-12-01", amount: "500.00", currency_code: "USD",
      status: "APPROVED", payments_sum: "0", balance_outstanding: "500.00", outstanding_balance_pending: "500.00",
      debit_entries: JSON.stringify([{ account_number: "6000", amount: "500.00" }]),
    }).returning("id").executeTakeFirstOrThrow();
    const credit = await h.database.db.insertInto("payments").values({
      company_id: company, payment_number: `GZ-CM-${process.pid}`, vendor_id: vendor.id, payment_date: "2026-11-02", amount: "300.00", balance: "300.00",
      currency_code: "USD", record_type: "CREDIT", status: "AVAILABLE",
    }).returning("id").executeTakeFirstOrThrow();
    const call = (encoding: string) => h.app.inject({
      method: "POST", url: `/api/vendor_credits/${credit.id}/apply`, payload: { invoice_id: invoice.id, amount: "5.00" },
      headers: { ...headers, "idempotency-key": `gz-${process.pid}`, "accept-encoding": encoding },
    });
    const first = await call("br");
    expect(first.statusCode).toBe(200);
    // the credit with its applications is over 1 KB: it went compressed
    expect(first.headers["content-encoding"]).toBe("br");
    const firstBody = zlib.brotliDecompressSync(first.rawPayload).toString("utf8");
    const replay = await call("identity");
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.headers["content-encoding"]).toBeUndefined();
    expect(replay.body).toBe(firstBody);
    expect(replay.json().data).toMatchObject({ id: credit.id, balance: "295.00" });
  });
});
