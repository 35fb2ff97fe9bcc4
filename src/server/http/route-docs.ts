/**
 * The OpenAPI documentation of the routes registered by hand (src/server/http/, links/): sign-in and
 * identity, SSO, uploads and file downloads, payment runs, NACHA returns, punchout, public and private
 * links. Every other /api route is generated from the registry (openapi.ts). Each entry names its
 * request (parameters, body) and response schemas; the document is built from the routes the app
 * actually registered (openapi.ts `registeredRoutes`), and tests/api/openapi.test.ts fails when a
 * registered route has no entry here or in the generated part, or an entry here has no route.
 * Documentation only: a route's own code validates its input (422 per field), as before.
 */

/** An OpenAPI 3.0 schema object (plain data). */
type Schema = Readonly<Record<string, unknown>>;

export interface RouteDoc {
  method: "GET" | "POST";
  /** the path as registered, `:param` for its parameters */
  path: string;
  tag: string;
  summary: string;
  /** no sign-in (public links, sign-up, SSO, the provider's posts) */
  public?: boolean;
  query?: Readonly<Record<string, Schema>>;
  /** the request body by content type */
  body?: Readonly<Record<string, Schema>>;
  idempotent?: boolean;
  /** the answers by status: a JSON schema, or a content type with its schema (files, redirects) */
  responses: Readonly<Record<number, Schema | { contentType: string; schema?: Schema; description?: string }>>;
}

const str = { type: "string" } as const;
const int = { type: "integer" } as const;
const money = { type: "string", format: "money", description: "decimal string, 2 places" } as const;
const obj = (properties: Record<string, Schema>, required: readonly string[] = []): Schema =>
  ({ type: "object", properties, ...(required.length ? { required } : {}) });
const data = (schema: Schema): Schema => obj({ data: schema }, ["data"]);
const message = obj({ message: str }, ["message"]);
const row: Schema = { type: "object", additionalProperties: true, description: "the record as shown" };
const file = (contentType: string, description: string) => ({ contentType, schema: { type: "string", format: "binary" }, description });
const redirect = { contentType: "text/html", description: "303 to the app's page" };
const refused = obj({ errors: obj({ base: { type: "array", items: str } }), reason: { type: "string", enum: ["unknown", "expired", "revoked", "used"] } });

const session = obj({
  id: int, email: str, name: str, company_id: int, contact_id: int, role: str,
  perm_resources: { type: "array", items: str }, module_settings: { type: "object", additionalProperties: { type: "boolean" } },
  companies: { type: "array", items: obj({ id: int, name: str }) },
});

const runItem = obj({ invoice_id: int, expense_report_id: int, amount: money, payment_method_id: { ...int, nullable: true }, payment_method_from_id: { ...int, nullable: true } });
const runRequest = obj({
  payment_date: { type: "string", format: "date" }, description: { ...str, nullable: true },
  items: { type: "array", items: runItem, description: "an invoice (invoice_id, amount) or an approved expense report (expense_report_id, in full)" },
  credits: { type: "array", items: obj({ credit_id: int, invoice_id: int, amount: money }) },
}, ["payment_date", "items"]);
const runPreview = obj({
  payments: { type: "array", items: obj({ vendor_id: { ...int, nullable: true }, payment_method_id: { ...int, nullable: true }, amount: money, currency_code: str, invoice_ids: { type: "array", items: int } }) },
  total: money,
}, ["payments"]);

const accrualAnswer = obj({ amount: money, no_accrual: { type: "boolean" }, comment: { ...str, nullable: true }, items: { type: "array", items: { type: "object", additionalProperties: true } } });

export const routeDocs: readonly RouteDoc[] = [
  // sign-in (OAuth 2 password and refresh grants; docs/api.md)
  { method: "POST", path: "/oauth/token", tag: "auth", summary: "Sign in: grant_type password (email, password) or refresh_token", public: true,
    body: { "application/json": obj({ grant_type: { type: "string", enum: ["password", "refresh_token"] }, email: str, password: str, refresh_token: str }, ["grant_type"]) },
    responses: { 200: obj({ access_token: str, refresh_token: str, token_type: str, expires_in: int }, ["access_token", "token_type"]), 400: obj({ error: str, error_description: str }), 429: obj({ error: str }) } },
  { method: "POST", path: "/oauth/revoke", tag: "auth", summary: "Revoke a token", public: true,
    body: { "application/json": obj({ token: str }, ["token"]) }, responses: { 200: obj({}) } },

  // the signed-in user and identity
  { method: "GET", path: "/api/users/current", tag: "users", summary: "The signed-in user, their company, role keys and module settings", responses: { 200: data(session) } },
  { method: "POST", path: "/api/users/switch_company/:company_id", tag: "users", summary: "Switch to another company the user belongs to",
    responses: { 200: data(session), 403: refused } },
  { method: "POST", path: "/api/users/password", tag: "identity", summary: "Ask for a password reset link (always 202: says nothing of the address)", public: true,
    body: { "application/json": obj({ email: str }, ["email"]) }, responses: { 202: message, 429: message } },
  { method: "GET", path: "/api/users/set_password/:token", tag: "identity", summary: "What a password link is for (invitation or reset)", public: true,
    responses: { 200: data(obj({ purpose: str, email: str, company_name: str, has_password: { type: "boolean" } })), 404: refused, 410: refused } },
  { method: "POST", path: "/api/users/set_password", tag: "identity", summary: "Set a password with a link's token", public: true,
    body: { "application/json": obj({ token: str, password: str, password_confirmation: str }, ["token", "password", "password_confirmation"]) },
    responses: { 200: data(obj({ email: str })), 404: refused, 410: refused, 422: refused } },
  { method: "POST", path: "/api/users/unlock", tag: "identity", summary: "Unlock a login locked by failed sign-ins, with the mailed token", public: true,
    body: { "application/json": obj({ token: str }, ["token"]) }, responses: { 200: data(obj({ email: str })), 404: refused, 410: refused } },
  { method: "GET", path: "/api/users/signup", tag: "identity", summary: "Whether self sign-up is open", public: true, responses: { 200: data(obj({ open: { type: "boolean" } })) } },
  { method: "POST", path: "/api/users/signup", tag: "identity", summary: "Sign up a new company and its administrator (202; a confirmation mail follows)", public: true,
    body: { "application/json": obj({ email: str, name: str, password: str, password_confirmation: str, company_name: str }, ["email", "password", "company_name"]) },
    responses: { 202: message, 403: refused, 422: refused, 429: message } },
  { method: "GET", path: "/api/users/confirmation", tag: "identity", summary: "Confirm a sign-up with the mailed token", public: true,
    query: { confirmation_token: str }, responses: { 200: data(obj({ email: str })), 404: refused, 410: refused } },

  // single sign-on (docs/sso.md)
  { method: "GET", path: "/api/sso/start", tag: "sso", summary: "Start single sign-on for an address whose company set it up", public: true,
    query: { email: str }, responses: { 200: data(obj({ protocol: { type: "string", enum: ["oidc", "saml"] }, url: str, code_verifier: str, nonce: str })), 404: refused, 502: refused } },
  { method: "POST", path: "/api/sso/callback", tag: "sso", summary: "Finish single sign-on: the provider's callback URL (OIDC) or a SAML grant, for tokens", public: true,
    body: { "application/json": obj({ url: str, code_verifier: str, nonce: str, grant: str }) },
    responses: { 200: obj({ access_token: str, refresh_token: str, token_type: str, expires_in: int }), 400: refused } },
  { method: "POST", path: "/api/sso/saml/acs", tag: "sso", summary: "The SAML provider posts its response here (form); redirects to the app's sign-in", public: true,
    body: { "application/x-www-form-urlencoded": obj({ SAMLResponse: str, RelayState: str }, ["SAMLResponse"]) }, responses: { 303: redirect } },
  { method: "GET", path: "/api/sso/saml/metadata/:id", tag: "sso", summary: "The service provider's SAML metadata for a company's SSO setting", public: true,
    responses: { 200: file("application/samlmetadata+xml", "SAML metadata"), 404: refused } },

  // money: payment runs and NACHA returns (idempotent)
  { method: "POST", path: "/api/payment_runs/preview", tag: "payment_runs", summary: "What a payment run would pay: one payment per vendor and method (nothing written)",
    body: { "application/json": runRequest }, responses: { 200: data(runPreview), 403: refused, 422: refused } },
  { method: "POST", path: "/api/payment_runs", tag: "payment_runs", summary: "Create a payment run with its payments (money moves: Idempotency-Key)", idempotent: true,
    body: { "application/json": runRequest }, responses: { 201: data(row), 403: refused, 409: refused, 422: refused } },
  { method: "POST", path: "/api/nacha_payments/returns", tag: "nacha_payments", summary: "Import a NACHA return file: the returned payments fail (one transaction)", idempotent: true,
    body: { "text/plain": str, "application/json": obj({ file_text: str, content_base64: str }) },
    responses: { 200: data(obj({ entries: { type: "array", items: obj({ trace_number: str, return_code: str, payment_id: { ...int, nullable: true }, status: str, message: str }) } })), 403: refused, 422: refused } },

  { method: "POST", path: "/api/nacha_payments/returns/preview", tag: "nacha_payments", summary: "What a bank return file (returns and notifications of change) would match and change; writes nothing",
    body: { "text/plain": str, "application/json": obj({ file_text: str, content_base64: str }) },
    responses: { 200: data(obj({ entries: { type: "array", items: row } })), 403: refused, 422: refused } },

  // positive pay: the checks issued and voided of an originating account, for the bank
  { method: "GET", path: "/api/positive_pay", tag: "positive_pay", summary: "The positive-pay file of an originating account for a date range (CSV columns or fixed-width ARP)",
    query: { payment_method_from_id: int, date_from: { type: "string", format: "date" }, date_to: { type: "string", format: "date" }, layout: { type: "string", enum: ["csv", "arp"] } },
    responses: { 200: file("text/plain", "the positive-pay file"), 403: refused, 404: refused, 422: refused } },
  { method: "POST", path: "/api/positive_pay/deliver", tag: "positive_pay", summary: "Send the positive-pay file to the bank by SFTP",
    body: { "application/json": obj({ payment_method_from_id: int, date_from: { type: "string", format: "date" }, date_to: { type: "string", format: "date" }, layout: { type: "string", enum: ["csv", "arp"] } }) },
    responses: { 200: data(row), 403: refused, 422: refused } },

  // invoice capture: documents uploaded to the draft inbox, read in a job
  { method: "POST", path: "/api/invoice_captures/upload", tag: "invoice_captures", summary: "Upload invoice documents (PDF or image, up to 10) to be read into draft invoices",
    body: { "multipart/form-data": obj({ file: { type: "string", format: "binary" } }, ["file"]) },
    responses: { 201: data({ type: "array", items: row }), 403: refused, 413: refused, 422: refused } },

  // documents: upload, files, zip
  { method: "POST", path: "/api/documents/upload", tag: "documents", summary: "Upload a document to a record (multipart: file, assetable_type, assetable_id, …)",
    body: { "multipart/form-data": obj({ file: { type: "string", format: "binary" }, assetable_type: str, assetable_id: int, document_type: str, name: str }, ["file"]) },
    responses: { 201: data(row), 403: refused, 413: refused, 422: refused } },
  { method: "GET", path: "/api/documents/:id/file", tag: "documents", summary: "A document's file, as an attachment", responses: { 200: file("application/octet-stream", "the file"), 403: refused, 404: refused } },
  { method: "GET", path: "/api/documents/:id/preview", tag: "documents", summary: "A document's file, inline (images, PDF)", responses: { 200: file("application/octet-stream", "the file"), 403: refused, 404: refused } },
  { method: "POST", path: "/api/documents/zip", tag: "documents", summary: "Several documents' files in one zip",
    body: { "application/json": obj({ ids: { type: "array", items: int, minItems: 1 } }, ["ids"]) }, responses: { 200: file("application/zip", "documents.zip"), 403: refused, 422: refused } },

  // payment methods' helpers
  { method: "GET", path: "/api/payment_methods/validate_iban", tag: "payment_methods", summary: "Check an IBAN (ISO 13616): its country and bank code", query: { iban: str },
    responses: { 200: data(obj({ valid: { type: "boolean" }, iban: str, country: { ...str, nullable: true }, bank_code: { ...str, nullable: true }, swiftBIC: { ...str, nullable: true }, routingNumber: { ...str, nullable: true } })) } },
  { method: "GET", path: "/api/payment_methods/required_fields", tag: "payment_methods", summary: "The payment types and fields a country and currency need", query: { country: str, currency: str, owner_type: str },
    responses: { 200: data(obj({ country: str, currency: { ...str, nullable: true }, owner_type: str, payment_types: { type: "array", items: { type: "object", additionalProperties: true } } })) } },

  // punchout (docs/purchasing.md)
  { method: "GET", path: "/api/punchout/suppliers", tag: "punchout", summary: "The punchout suppliers enabled for the company", responses: { 200: data({ type: "array", items: obj({ id: int, name: str, provider: str }) }) } },
  { method: "GET", path: "/api/punchout/generate_url", tag: "punchout", summary: "Open a punchout session at a supplier: the URL to go to", query: { provider: str, supplier_id: str },
    responses: { 200: data(obj({ url: str })), 422: refused, 502: refused } },
  { method: "POST", path: "/api/punchout/order_message", tag: "punchout", summary: "The supplier posts the cart (cXML order message form); redirects to a new PO request", public: true,
    body: { "application/x-www-form-urlencoded": obj({ "cxml-urlencoded": str, "cxml-base64": str }) }, responses: { 303: redirect, 422: { contentType: "text/html", description: "a refusal page" } } },
  { method: "GET", path: "/api/punchout/sessions/:id", tag: "punchout", summary: "The cart returned by a punchout session, to who opened it",
    responses: { 200: data(obj({ id: str, supplier: str, items: { type: "array", items: { type: "object", additionalProperties: true } } })), 404: refused } },

  // links for people outside the app (docs/architecture.md, outbound links)
  { method: "GET", path: "/api/public/links/:purpose/:token", tag: "links", summary: "What a public link is about (no sign-in)", public: true,
    responses: { 200: data(obj({ purpose: str, record: row, company_id: int, expires_at: { type: "string", format: "date-time" } })), 404: refused, 410: refused } },
  { method: "GET", path: "/api/private/:token", tag: "links", summary: "A message sent to a vendor, through its private link", public: true,
    responses: { 200: data(row), 404: refused, 410: refused } },
  { method: "POST", path: "/api/private/:token", tag: "links", summary: "A vendor's answer to a message, through its private link", public: true,
    body: { "application/json": obj({ body: str }, ["body"]) }, responses: { 201: data(row), 404: refused, 410: refused, 422: refused } },
  { method: "GET", path: "/api/private/:token/accruals", tag: "links", summary: "An accrual request, through the vendor's private link", public: true,
    responses: { 200: data(row), 404: refused, 410: refused } },
  { method: "POST", path: "/api/private/:token/accruals", tag: "links", summary: "A vendor's answer to an accrual request (once), through its private link", public: true,
    body: { "application/json": accrualAnswer }, responses: { 200: data(row), 404: refused, 409: refused, 410: refused, 422: refused } },
];
