/**
 * A small supplier catalogue site speaking cXML punchout, for the tests (docs/punchout.md):
 * - POST /setup: a PunchOutSetupRequest; the Sender's SharedSecret must be `secret`, else status 401;
 *   answers a PunchOutSetupResponse whose StartPage is this site's shop page for the session;
 * - GET /shop/:session: a tiny shop page whose "Check out" button posts a PunchOutOrderMessage with
 *   two items (form field `cxml-urlencoded`) to the request's BrowserFormPost URL, as a real
 *   supplier's page does through the person's browser.
 * Written on node:http and @xmldom/xmldom only, apart from Outlay's code.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DOMParser } from "@xmldom/xmldom";

export interface SupplierItem {
  partId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  unit: string;
}

export const shopItems: readonly SupplierItem[] = [
  { partId: "PEN-100", description: "Ballpoint pens, blue (box of 50)", quantity: "3", unitPrice: "12.50", unit: "BX" },
  { partId: "PAP-A4", description: "Copy paper A4 & Letter <80 g>", quantity: "10", unitPrice: "4.25", unit: "RM" },
];

export interface SetupSeen {
  xml: string;
  buyerCookie: string;
  operation: string;
  formPostUrl: string;
  sharedSecret: string;
}

export interface TestSupplier {
  url: string;
  setupUrl: string;
  /** the setup requests received, newest last */
  setups: SetupSeen[];
  /** "no-url": answer 200 without a start page (the spec's "Couldn't generate url") */
  mode: "normal" | "no-url";
  orderMessage(buyerCookie: string, options?: { secret?: string; items?: readonly SupplierItem[]; currency?: string }): string;
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

const text = (document: Document, tag: string) => document.getElementsByTagName(tag)[0]?.textContent?.trim() ?? "";

function setupResponse(status: number, statusText: string, startPage?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${crypto.randomUUID()}@supplier.test" timestamp="${new Date().toISOString()}">
<Response><Status code="${status}" text="${escape(statusText)}"/>${startPage ? `<PunchOutSetupResponse><StartPage><URL>${escape(startPage)}</URL></StartPage></PunchOutSetupResponse>` : ""}</Response>
</cXML>`;
}

export async function startPunchoutSupplier(options: { secret: string; identity?: string }): Promise<TestSupplier> {
  const sessions = new Map<string, SetupSeen>();
  const supplier = { setups: [] as SetupSeen[], mode: "normal" } as TestSupplier;

  supplier.orderMessage = (buyerCookie, { secret = options.secret, items = shopItems, currency = "USD" } = {}) => {
    const itemsXml = items.map((item) => `<ItemIn quantity="${escape(item.quantity)}"><ItemID><SupplierPartID>${escape(item.partId)}</SupplierPartID></ItemID>`
      + `<ItemDetail><UnitPrice><Money currency="${currency}">${escape(item.unitPrice)}</Money></UnitPrice><Description xml:lang="en">${escape(item.description)}</Description>`
      + `<UnitOfMeasure>${escape(item.unit)}</UnitOfMeasure></ItemDetail></ItemIn>`).join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${crypto.randomUUID()}@supplier.test" timestamp="${new Date().toISOString()}">
<Header><From><Credential domain="DUNS"><Identity>${escape(options.identity ?? "supplier")}</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>buyer</Identity></Credential></To>
<Sender><Credential domain="DUNS"><Identity>${escape(options.identity ?? "supplier")}</Identity><SharedSecret>${escape(secret)}</SharedSecret></Credential><UserAgent>Test supplier</UserAgent></Sender></Header>
<Message><PunchOutOrderMessage><BuyerCookie>${escape(buyerCookie)}</BuyerCookie>
<PunchOutOrderMessageHeader operationAllowed="edit"><Total><Money currency="${currency}">0</Money></Total></PunchOutOrderMessageHeader>
${itemsXml}
</PunchOutOrderMessage></Message>
</cXML>`;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (request.method === "POST" && request.url === "/setup") {
        const document = new DOMParser().parseFromString(body, "text/xml");
        const seen: SetupSeen = {
          xml: body,
          buyerCookie: text(document, "BuyerCookie"),
          operation: document.getElementsByTagName("PunchOutSetupRequest")[0]?.getAttribute("operation") ?? "",
          formPostUrl: document.getElementsByTagName("BrowserFormPost")[0]?.getElementsByTagName("URL")[0]?.textContent?.trim() ?? "",
          sharedSecret: text(document, "SharedSecret"),
        };
        supplier.setups.push(seen);
        response.setHeader("content-type", "text/xml; charset=utf-8");
        if (seen.sharedSecret !== options.secret) return response.end(setupResponse(401, "Unauthorized"));
        if (supplier.mode === "no-url") return response.end(setupResponse(200, "OK"));
        const key = crypto.randomBytes(8).toString("hex");
        sessions.set(key, seen);
        return response.end(setupResponse(200, "OK", `${supplier.url}/shop/${key}`));
      }
      const shop = request.method === "GET" ? /^\/shop\/([0-9a-f]+)$/.exec(request.url ?? "") : null;
      const session = shop ? sessions.get(shop[1]) : undefined;
      if (!session) {
        response.statusCode = 404;
        return response.end("not found");
      }
      const rows = shopItems.map((item) => `<tr><td>${escape(item.description)}</td><td>${item.quantity}</td><td>${item.unitPrice}</td></tr>`).join("");
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test supplier shop</title></head><body>
<h1>Test supplier shop (${escape(session.operation)})</h1><table><thead><tr><th>Item</th><th>Quantity</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${escape(session.formPostUrl)}"><input type="hidden" name="cxml-urlencoded" value="${escape(supplier.orderMessage(session.buyerCookie))}"><button type="submit">Check out</button></form>
</body></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  supplier.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  supplier.setupUrl = `${supplier.url}/setup`;
  supplier.close = () => new Promise((resolve) => server.close(() => resolve()));
  return supplier;
}
