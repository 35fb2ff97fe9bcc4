/**
 * Punchout (docs/punchout.md): a person with requestPurchaseOrders opens a supplier's catalogue site
 * from Outlay and brings a cart back as the lines of a new purchase-order request.
 * - `generateUrl`: a session (the person, the supplier, create or inspect) and its buyer cookie, a
 *   one-use outbound link (purpose `punchout`, 2 hours) whose hash alone is stored; the cXML
 *   PunchOutSetupRequest posted to the supplier; the StartPage URL of its answer, or PunchoutFailure.
 * - `receiveOrderMessage`: the supplier's PunchOutOrderMessage, posted by the person's browser
 *   without any Outlay session: the buyer cookie finds the session, the Sender's SharedSecret must
 *   be the supplier's, the cookie is spent (a replay is refused), the cart is kept on the session.
 * - `cartOf`: the returned cart, for its own person only, to start the request form with.
 */
import crypto from "node:crypto";
import { moduleEnabled, can } from "../../../framework/permissions.js";
import { resourceByName } from "../../../../resources/index.js";
import type { DB } from "../../db/connect.js";
import { systemDb } from "../../db/row-security.js";
import { inTransaction } from "../../db/unit-of-work.js";
import { forbidden, notFound, unprocessable } from "../../errors.js";
import { issueLink, resolveLink, spendLink } from "../../links/links.js";
import type { Ctx } from "../../resources/context.js";
import { isRecordId } from "../../validation.js";
import { punchoutOperations } from "../../../../schemas/punchout_session.js";
import { actingFor } from "../identity/acting-for.js";
import { CxmlError, orderMessageOf, setupRequestXml, startPageOf, type CartItem } from "./punchout-cxml.js";

export const orderMessagePath = "/api/punchout/order_message";
/** how long a person may shop at the supplier before the cart can no longer come back */
const sessionSeconds = 2 * 60 * 60;
const setupTimeoutMs = 15_000;
const maxAnswerBytes = 1_000_000;
const sessionType = "PunchoutSession";

/** The spec's error (data-spec 8): the punchout call returned no url. `reason` is for the log only. */
export class PunchoutFailure extends Error {
  constructor(readonly reason: string) {
    super("Couldn't generate url");
  }
}

/** A refused order message: what the person's browser is told. */
export class OrderRefused extends Error {}

const purchaseOrderRequests = resourceByName.get("purchase_order_requests")!;

/** Staff who may request purchase orders, in a company with purchase orders on. */
export function checkPunchoutAccess(ctx: Ctx): void {
  if (ctx.principal.portal || !moduleEnabled(ctx.principal, purchaseOrderRequests) || !can(ctx.principal, ["requestPurchaseOrders"])) throw forbidden();
}

/** The suppliers offered on the punchout screen: the company's enabled ones. */
export function enabledSuppliers(ctx: Ctx) {
  return ctx.db.selectFrom("punchout_suppliers as s").innerJoin("vendors as v", (join) => join.onRef("v.id", "=", "s.vendor_id").onRef("v.company_id", "=", "s.company_id"))
    .select(["s.id", "s.provider", "s.name", "s.vendor_id", "v.name as vendor_name"])
    .where("s.company_id", "=", ctx.company.id).where("s.enabled", "=", true).orderBy("s.name").execute();
}

/** The user's company.punchout_integrations (data-spec "User"): each supplier's provider code and whether it is enabled. */
export async function punchoutIntegrations(ctx: Ctx): Promise<Record<string, boolean>> {
  const rows = await ctx.db.selectFrom("punchout_suppliers").select(["provider", "enabled"]).where("company_id", "=", ctx.company.id).execute();
  return Object.fromEntries(rows.map((row) => [row.provider, row.enabled]));
}

async function shipToOf(ctx: Ctx, shippingId: unknown) {
  if (shippingId === undefined || shippingId === "") return undefined;
  const address = isRecordId(shippingId)
    ? await ctx.db.selectFrom("addresses").selectAll().where("company_id", "=", ctx.company.id).where("id", "=", Number(shippingId)).where("owner_type", "=", "Company").executeTakeFirst()
    : undefined;
  if (!address) throw unprocessable({ shipping_id: ["is not an address of your company"] });
  return {
    id: address.id, name: address.label ?? ctx.company.name, street: [address.address1, address.address2].filter((line): line is string => !!line),
    city: address.city, state: address.state, postalCode: address.zipcode, country: address.country,
  };
}

/** POST the setup request; the answer's text, or PunchoutFailure. */
async function postToSupplier(url: string, body: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "text/xml; charset=utf-8" }, body, redirect: "error", signal: AbortSignal.timeout(setupTimeoutMs) });
  } catch (error) {
    throw new PunchoutFailure(`the supplier could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new PunchoutFailure(`the supplier answered HTTP ${response.status}`);
  if (text.length > maxAnswerBytes) throw new PunchoutFailure("the supplier's answer is too large");
  return text;
}

/** GET /api/punchout/generate_url: the supplier's start page for a new session of the signed-in person. */
export async function generateUrl(ctx: Ctx, query: { provider?: unknown; shipping_id?: unknown; operation?: unknown }, origin: string): Promise<string> {
  const operation = punchoutOperations.find((known) => known === (query.operation ?? "create"));
  if (!operation) throw unprocessable({ operation: [`must be ${punchoutOperations.join(" or ")}`] });
  const supplier = typeof query.provider === "string"
    ? await ctx.db.selectFrom("punchout_suppliers").selectAll().where("company_id", "=", ctx.company.id).where("provider", "=", query.provider).where("enabled", "=", true).executeTakeFirst()
    : undefined;
  if (!supplier) throw unprocessable({ provider: ["is not a punchout supplier enabled for your company"] });
  const shipTo = await shipToOf(ctx, query.shipping_id);
  const buyerCookie = await inTransaction(ctx, async (trx) => {
    const session = await trx.insertInto("punchout_sessions").values({
      company_id: ctx.company.id, punchout_supplier_id: supplier.id, contact_id: ctx.contact.id, operation, shipping_id: shipTo?.id ?? null,
    }).returning("id").executeTakeFirstOrThrow();
    return issueLink(trx, ctx, { purpose: "punchout", record: { type: sessionType, id: session.id }, expiresIn: sessionSeconds });
  });
  const xml = setupRequestXml({
    payloadId: `${crypto.randomUUID()}@outlay`,
    timestamp: new Date().toISOString(),
    from: { domain: supplier.from_domain, identity: supplier.from_identity },
    to: { domain: supplier.to_domain, identity: supplier.to_identity },
    sender: { domain: supplier.sender_domain || supplier.from_domain, identity: supplier.sender_identity || supplier.from_identity, sharedSecret: supplier.shared_secret ?? "" },
    operation,
    buyerCookie,
    formPostUrl: `${origin}${orderMessagePath}`,
    supplierSetupUrl: supplier.setup_url,
    contact: { name: ctx.user.name, email: ctx.user.email },
    shipTo,
  });
  const answer = await postToSupplier(supplier.setup_url, xml);
  try {
    return startPageOf(answer);
  } catch (error) {
    if (error instanceof CxmlError) throw new PunchoutFailure(error.message);
    throw error;
  }
}

/** The cXML text of the supplier's browser form post (`cxml-urlencoded`, or `cxml-base64`). */
export function cxmlOfForm(form: Record<string, unknown>): string {
  const plain = form["cxml-urlencoded"];
  if (typeof plain === "string" && plain.trim()) return plain;
  const encoded = form["cxml-base64"];
  if (typeof encoded === "string" && encoded.trim()) return Buffer.from(encoded, "base64").toString("utf8");
  throw new OrderRefused("The supplier's answer holds no cXML order message.");
}

const sameSecret = (a: string, b: string) => {
  const hash = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(hash(a), hash(b));
};

/** POST /api/punchout/order_message: the cart kept on its session; the session's id. */
export async function receiveOrderMessage(db: DB, text: string): Promise<number> {
  let message;
  try {
    message = orderMessageOf(text);
  } catch (error) {
    if (error instanceof CxmlError) throw new OrderRefused(`The supplier's order message could not be read: ${error.message}.`);
    throw error;
  }
  const link = message.buyerCookie ? await resolveLink(db, message.buyerCookie, "punchout") : { refused: "unknown" as const };
  if ("refused" in link) {
    throw new OrderRefused(link.refused === "expired" ? "This punchout took too long: please start it again from Outlay."
      : link.refused === "revoked" ? "This cart was already brought back to Outlay." : "This order message belongs to no punchout started in Outlay.");
  }
  const session = await systemDb(db).selectFrom("punchout_sessions as p").innerJoin("punchout_suppliers as s", (join) => join.onRef("s.id", "=", "p.punchout_supplier_id").onRef("s.company_id", "=", "p.company_id"))
    .select(["p.id", "s.shared_secret"]).where("p.company_id", "=", link.companyId).where("p.id", "=", link.record.id).executeTakeFirst();
  if (!session?.shared_secret || !sameSecret(message.sharedSecret, session.shared_secret)) throw new OrderRefused("The supplier's credential does not match: the cart was not accepted.");
  if (message.items.length === 0) throw new OrderRefused("The supplier's cart is empty: there is nothing to request.");
  await actingFor(db, link.companyId, null, async (trx) => {
    if (!(await spendLink(trx, message.buyerCookie))) throw new OrderRefused("This cart was already brought back to Outlay.");
    await trx.updateTable("punchout_sessions").set({ status: "RETURNED", items: JSON.stringify(message.items), currency_code: message.currency, returned_at: new Date(), updated_at: new Date() })
      .where("company_id", "=", link.companyId).where("id", "=", session.id).execute();
  });
  return session.id;
}

export interface Cart {
  id: number;
  supplier: { id: number; name: string };
  vendor_id: number;
  vendor: { id: number; name: string };
  currency_code: string | null;
  items: CartItem[];
}

/** GET /api/punchout/sessions/{id}: a returned cart, to its own person only (anyone else: 404). */
export async function cartOf(ctx: Ctx, id: string): Promise<Cart> {
  const row = isRecordId(id)
    ? await ctx.db.selectFrom("punchout_sessions as p").innerJoin("punchout_suppliers as s", (join) => join.onRef("s.id", "=", "p.punchout_supplier_id").onRef("s.company_id", "=", "p.company_id"))
      .innerJoin("vendors as v", (join) => join.onRef("v.id", "=", "s.vendor_id").onRef("v.company_id", "=", "s.company_id"))
      .select(["p.id", "p.items", "p.currency_code", "s.id as supplier_id", "s.name as supplier_name", "s.vendor_id", "v.name as vendor_name"])
      .where("p.company_id", "=", ctx.company.id).where("p.id", "=", Number(id)).where("p.contact_id", "=", ctx.contact.id).where("p.status", "=", "RETURNED").executeTakeFirst()
    : undefined;
  if (!row) throw notFound("Punchout cart not found.");
  return {
    id: row.id, supplier: { id: row.supplier_id, name: row.supplier_name }, vendor_id: row.vendor_id, vendor: { id: row.vendor_id, name: row.vendor_name },
    currency_code: row.currency_code, items: row.items as CartItem[],
  };
}
