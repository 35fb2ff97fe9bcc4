/**
 * Transport: security headers on every response, HSTS only over TLS, uploads served with the type
 * their bytes prove as attachments, names outside ASCII encoded per RFC 6266, /healthz as JSON.
 */
import Fastify from "fastify";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { listenHost } from "../../src/server/config.js";
import { documentTypes } from "../../src/server/files/kinds.js";
import { fileStore } from "../../src/server/files/store.js";
import { registerSecurityHeaders } from "../../src/server/http/security-headers.js";
import { useApp } from "./harness.js";

const h = useApp();

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers["content-security-policy"]).toBe(
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
    + "connect-src 'self'; frame-src blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
};

/**
 * The download of a document whose bytes never passed the upload check (stored before it existed,
 * or put in the store by other means): the served type is still the one the bytes prove.
 */
async function upload(fileName: string, content: Buffer) {
  const headers = await h.login("admin@acme.test");
  const [invoice] = (await h.app.inject({ url: "/api/invoices?_end=1", headers })).json().data;
  const companyId = await h.companyId("Acme Corp");
  const key = await fileStore(h.database.db).put(Readable.from([content]), { companyId });
  const extension = fileName.split(".").pop()!;
  const document = await h.database.db.insertInto("documents").values({
    company_id: companyId, assetable_type: "Invoice", assetable_id: invoice.id, asset_file_file_name: fileName,
    asset_file_file_size: content.length, content_type: documentTypes[extension], storage_key: key,
  }).returning("id").executeTakeFirstOrThrow();
  return h.app.inject({ url: `/api/documents/${String(document.id)}/file`, headers });
}

describe("security headers", () => {
  it("are on API answers, errors, sign-in, the API docs and the health check; no HSTS over plain HTTP", async () => {
    const headers = await h.login("admin@acme.test");
    for (const response of [
      await h.app.inject({ url: "/api/invoices?_end=1", headers }),
      await h.app.inject({ url: "/api/invoices" }),
      await h.app.inject({ url: "/api/nope", headers }),
      await h.app.inject({ method: "POST", url: "/oauth/token", payload: {} }),
      await h.app.inject({ url: "/api/docs/static/index.html" }),
      await h.app.inject({ url: "/healthz" }),
    ]) {
      expectSecurityHeaders(response.headers);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("HSTS when the request came over TLS (here: a proxy the app trusts says so)", async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app);
    app.get("/", async () => "ok");
    const overTls = await app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(overTls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await app.inject({ url: "/" })).headers["strict-transport-security"]).toBeUndefined();
    await app.close();
  });
});

describe("downloads", () => {
  it("an HTML page stored as invoice.pdf without the upload check (which refuses it: files.test.ts) is served as application/octet-stream, as an attachment, with nosniff", async () => {
    const file = await upload("invoice.pdf", Buffer.from("<html><script>alert(document.cookie)</script></html>"));
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/octet-stream");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a real PDF named 文件.pdf is served as a PDF under its name (RFC 6266: ASCII fallback and UTF-8 name)", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const file = await upload("文件.pdf", pdf);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%96%87%E4%BB%B6.pdf`);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it("images and text keep their type when their bytes match; binary bytes claimed as text do not", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload("receipt.png", png)).headers["content-type"]).toBe("image/png");
    expect((await upload("receipt.jpg", png)).headers["content-type"]).toBe("application/octet-stream");
    expect((await upload("notes.txt", Buffer.from("Zahlung für Rechnung 12\n"))).headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect((await upload("notes.csv", png)).headers["content-type"]).toBe("application/octet-stream");
  });
});

describe("health and listening address", () => {
  it("/healthz answers JSON after asking the database, without sign-in", async () => {
    const response = await h.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("HOST defaults to 127.0.0.1 while the demo logins exist, 0.0.0.0 otherwise; a given HOST wins", () => {
    expect(listenHost(undefined, true)).toBe("127.0.0.1");
    expect(listenHost(undefined, false)).toBe("0.0.0.0");
    expect(listenHost("0.0.0.0", true)).toBe("0.0.0.0");
  });
});
