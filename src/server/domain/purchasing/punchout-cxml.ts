/**
 * The cXML messages of punchout (docs/punchout.md): the PunchOutSetupRequest Outlay sends, the
 * PunchOutSetupResponse and PunchOutOrderMessage it reads. Written from templates in which every
 * value is escaped; read with @xmldom/xmldom, which resolves no external entities (the DTD a
 * supplier names is never fetched). Nothing here talks to the network or the database.
 */
import { DOMParser } from "@xmldom/xmldom";
import Decimal from "decimal.js";
import { round } from "../../../framework/money.js";
import type { punchoutOperations } from "../../../../schemas/punchout_session.js";

export const cxmlVersion = "1.2.014";

/** The five characters XML gives meaning to, in text and in attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** A message that is not what punchout expects: its reason for the log and the refusal page. */
export class CxmlError extends Error {}

export interface Credential {
  domain: string;
  identity: string;
}

export interface SetupRequest {
  payloadId: string;
  timestamp: string;
  from: Credential;
  to: Credential;
  sender: Credential & { sharedSecret: string };
  operation: (typeof punchoutOperations)[number];
  buyerCookie: string;
  /** where the supplier's browser form post of the order message goes */
  formPostUrl: string;
  supplierSetupUrl: string;
  contact: { name: string; email: string };
  shipTo?: { id: number; name: string; street: string[]; city: string; state: string | null; postalCode: string | null; country: string };
}

const credential = (c: Credential, secret?: string) =>
  `<Credential domain="${escapeXml(c.domain)}"><Identity>${escapeXml(c.identity)}</Identity>${secret === undefined ? "" : `<SharedSecret>${escapeXml(secret)}</SharedSecret>`}</Credential>`;

function shipTo(address: NonNullable<SetupRequest["shipTo"]>): string {
  const street = address.street.map((line) => `<Street>${escapeXml(line)}</Street>`).join("");
  const optional = (tag: string, value: string | null) => (value ? `<${tag}>${escapeXml(value)}</${tag}>` : "");
  return `<ShipTo><Address addressID="${address.id}"><Name xml:lang="en">${escapeXml(address.name)}</Name><PostalAddress>${street}`
    + `<City>${escapeXml(address.city)}</City>${optional("State", address.state)}${optional("PostalCode", address.postalCode)}`
    + `<Country isoCountryCode="${escapeXml(address.country)}">${escapeXml(address.country)}</Country></PostalAddress></Address></ShipTo>`;
}

export function setupRequestXml(r: SetupRequest): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${cxmlVersion}/cXML.dtd">
<cXML payloadID="${escapeXml(r.payloadId)}" timestamp="${escapeXml(r.timestamp)}" xml:lang="en-US">
<Header><From>${credential(r.from)}</From><To>${credential(r.to)}</To><Sender>${credential(r.sender, r.sender.sharedSecret)}<UserAgent>Outlay</UserAgent></Sender></Header>
<Request><PunchOutSetupRequest operation="${r.operation}">
<BuyerCookie>${escapeXml(r.buyerCookie)}</BuyerCookie>
<Extrinsic name="UserEmail">${escapeXml(r.contact.email)}</Extrinsic>
<BrowserFormPost><URL>${escapeXml(r.formPostUrl)}</URL></BrowserFormPost>
<Contact role="endUser"><Name xml:lang="en">${escapeXml(r.contact.name)}</Name><Email>${escapeXml(r.contact.email)}</Email></Contact>
<SupplierSetup><URL>${escapeXml(r.supplierSetupUrl)}</URL></SupplierSetup>
${r.shipTo ? shipTo(r.shipTo) : ""}
</PunchOutSetupRequest></Request>
</cXML>`;
}

/** The document of a cXML text; malformed XML is a CxmlError. */
export function parseCxml(text: string): Document {
  const problems: string[] = [];
  const report = (message: unknown) => problems.push(String(message).split("\n")[0].replace(/^\[xmldom \w+\]\s*/, ""));
  const document = new DOMParser({ errorHandler: { warning: () => undefined, error: report, fatalError: report } }).parseFromString(text, "text/xml");
  if (problems.length || document.documentElement?.tagName !== "cXML") throw new CxmlError(problems[0] ?? "the message is not cXML");
  return document;
}

const first = (node: Document | Element, tag: string): Element | undefined => node.getElementsByTagName(tag)[0];
const textOf = (node: Element | undefined) => node?.textContent?.trim() ?? "";

/** The start page of a PunchOutSetupResponse whose status is 200; otherwise a CxmlError naming what came. */
export function startPageOf(text: string): string {
  const document = parseCxml(text);
  const status = first(document, "Status");
  const code = status?.getAttribute("code");
  if (code !== "200") throw new CxmlError(`the supplier answered status ${code ?? "none"} ${status?.getAttribute("text") ?? ""}`.trim());
  const url = textOf(first(first(document, "StartPage") ?? document.documentElement, "URL"));
  if (!first(document, "StartPage") || !/^https?:\/\/\S+$/.test(url)) throw new CxmlError("the supplier's answer holds no start page URL");
  return url;
}

export interface CartItem {
  supplier_part_id: string;
  description: string;
  quantity: string;
  unit_price: string;
  unit_of_measure: string | null;
}

export interface OrderMessage {
  buyerCookie: string;
  /** the SharedSecret of the Header's Sender credential */
  sharedSecret: string;
  currency: string | null;
  items: CartItem[];
}

const maxItems = 500;
const descriptionLength = 500;

function decimal(value: string, what: string): Decimal {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(value)) throw new CxmlError(`${what} "${value.slice(0, 40)}" is not a number`);
  return new Decimal(value);
}

function itemOf(element: Element, index: number): CartItem & { currency: string } {
  const where = `item ${index + 1}`;
  const quantity = decimal(element.getAttribute("quantity") ?? "", `the quantity of ${where}`);
  if (quantity.lte(0)) throw new CxmlError(`the quantity of ${where} is not above zero`);
  const money = first(first(element, "UnitPrice") ?? element, "Money");
  if (!first(element, "UnitPrice") || !money) throw new CxmlError(`${where} has no unit price`);
  const currency = money.getAttribute("currency") ?? "";
  if (!/^[A-Z]{3}$/.test(currency)) throw new CxmlError(`the unit price of ${where} has no currency`);
  const description = textOf(first(element, "Description")).replace(/\s+/g, " ");
  const partId = textOf(first(element, "SupplierPartID"));
  return {
    supplier_part_id: partId,
    description: (description || partId || where).slice(0, descriptionLength),
    quantity: quantity.toString(),
    unit_price: round(decimal(textOf(money), `the unit price of ${where}`)),
    unit_of_measure: textOf(first(element, "UnitOfMeasure")) || null,
    currency,
  };
}

/** The cart of a PunchOutOrderMessage: its buyer cookie, the Sender's secret, the items in one currency. */
export function orderMessageOf(text: string): OrderMessage {
  const document = parseCxml(text);
  const message = first(document, "PunchOutOrderMessage");
  if (!message) throw new CxmlError("the message is no PunchOutOrderMessage");
  const sender = first(first(document, "Sender") ?? document.documentElement, "Credential");
  const elements = Array.from(message.getElementsByTagName("ItemIn"));
  if (elements.length > maxItems) throw new CxmlError(`the cart holds more than ${maxItems} items`);
  const items = elements.map(itemOf);
  const currencies = new Set(items.map((item) => item.currency));
  if (currencies.size > 1) throw new CxmlError(`the cart mixes currencies (${[...currencies].join(", ")})`);
  return {
    buyerCookie: textOf(first(message, "BuyerCookie")),
    sharedSecret: sender && first(document, "Sender") ? textOf(first(sender, "SharedSecret")) : "",
    currency: items[0]?.currency ?? null,
    items: items.map(({ currency: _currency, ...item }) => item),
  };
}
