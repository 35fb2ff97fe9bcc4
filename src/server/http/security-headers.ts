/**
 * Security headers on every response (API, client shell, static files, errors). Hand-written: five
 * headers are smaller than a dependency. The Content-Security-Policy fits the built client: scripts
 * only from this origin (Vite emits no inline script), and eval, because the forms' validator
 * (@rjsf/validator-ajv8) compiles each schema with `new Function` (precompiled validators would let
 * 'unsafe-eval' go; inline and foreign scripts stay blocked either way); styles also inline, because antd 5 injects its
 * CSS-in-JS as <style> tags; images also as data: and blob: URLs; frames only of blob: URLs (the PDF
 * preview shows the fetched, type-checked bytes of a document); no plugins, no framing by others, no foreign
 * connections. The API docs (/api/docs, Swagger UI) pass the same policy. HSTS only over TLS
 * (`request.protocol` is https when the app is reached over TLS, or behind a proxy it trusts that says so).
 */
import type { FastifyInstance } from "fastify";

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders: Readonly<Record<string, string>> = {
  "content-security-policy": contentSecurityPolicy,
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(securityHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", strictTransportSecurity);
  });
}
