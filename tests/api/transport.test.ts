/**
 * Transport: security headers on every response, HSTS only over TLS, uploads served with the type
 * their bytes prove as attachments, names outside ASCII encoded per RFC 6266, /healthz as JSON.
 */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { listenHost } from "../../src/server/config.js";
import { registerSecurityHeaders } from "../../src/server/http/security-headers.js";
import { useApp } from "./harness.js";

const h = useApp();

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers["content-security-policy"]).toBe(
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
    + "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
};

async function upload(fileName: string, content: Buffer) {
  const headers = await h.login("admin@acme.test");
  const [invoice] = (await h.app.inject({ url: "/api/invoices?_end=1", headers })).json().data;
  const response = await h.app.inject({ method: "POST", url: "/api/documents/upload", headers,
    payload: { assetable_type: "Invoice", assetable_id: invoice.id, file_name: fileName, content_base64: content.toString("base64") } });
  expect(response.statusCode, response.body).toBe(201);
  return h.app.inject({ url: response.json().data.asset_expiring_url, headers });
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
  it("an HTML page uploaded as invoice.pdf is served as application/octet-stream, as an attachment, with nosniff", async () => {
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
