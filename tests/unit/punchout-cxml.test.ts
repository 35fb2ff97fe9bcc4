/** The cXML of punchout (src/server/domain/purchasing/punchout-cxml.ts): written escaped, read strictly, no entity ever expanded. */
import { describe, expect, it } from "vitest";
import { CxmlError, orderMessageOf, parseCxml, setupRequestXml, startPageOf } from "../../src/server/domain/purchasing/punchout-cxml.js";

const item = (quantity: string, price: string, currency = "USD") =>
  `<ItemIn quantity="${quantity}"><ItemID><SupplierPartID>P-1</SupplierPartID></ItemID><ItemDetail><UnitPrice><Money currency="${currency}">${price}</Money></UnitPrice><Description xml:lang="en">Pens</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemIn>`;
const order = (items: string, secret = "s", cookie = "c") =>
  `<cXML><Header><Sender><Credential domain="DUNS"><Identity>sup</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender></Header><Message><PunchOutOrderMessage><BuyerCookie>${cookie}</BuyerCookie>${items}</PunchOutOrderMessage></Message></cXML>`;
const response = (status: string, url?: string) =>
  `<cXML><Response><Status code="${status}" text="x"/>${url === undefined ? "" : `<PunchOutSetupResponse><StartPage><URL>${url}</URL></StartPage></PunchOutSetupResponse>`}</Response></cXML>`;

describe("punchout cXML", () => {
  it("writes every value escaped: what a supplier reads back is what was set", () => {
    const tricky = `a&b <c> "d" 'e' ]]>`;
    const xml = setupRequestXml({
      payloadId: "1@x", timestamp: "2026-11-27T00:00:00Z", from: { domain: "NetworkID", identity: tricky }, to: { domain: "DUNS", identity: "s" },
      sender: { domain: "NetworkID", identity: tricky, sharedSecret: tricky }, operation: "create", buyerCookie: "cookie",
      formPostUrl: "https://outlay.test/api/punchout/order_message?a=1&b=2", supplierSetupUrl: "https://s.test/setup", contact: { name: tricky, email: "x@y.test" },
    });
    const document = parseCxml(xml);
    expect(document.getElementsByTagName("SharedSecret")[0].textContent).toBe(tricky);
    expect(document.getElementsByTagName("Name")[0].textContent).toBe(tricky);
    expect(document.getElementsByTagName("URL")[0].textContent).toBe("https://outlay.test/api/punchout/order_message?a=1&b=2");
  });

  it("reads the start page of a 200 answer only", () => {
    expect(startPageOf(response("200", "https://shop.test/start?s=1&amp;t=2"))).toBe("https://shop.test/start?s=1&t=2");
    expect(() => startPageOf(response("401"))).toThrow("status 401");
    expect(() => startPageOf(response("200"))).toThrow("no start page");
    expect(() => startPageOf(response("200", "javascript:alert(1)"))).toThrow(CxmlError);
    expect(() => startPageOf("<html>not cXML</html>")).toThrow(CxmlError);
  });

  it("reads the cart: quantities and prices exact, prices to the cent, one currency", () => {
    const cart = orderMessageOf(order(item("2.5", "10.125") + item("1", "3")));
    expect(cart).toMatchObject({ buyerCookie: "c", sharedSecret: "s", currency: "USD" });
    expect(cart.items.map((i) => [i.quantity, i.unit_price, i.unit_of_measure])).toEqual([["2.5", "10.13", "EA"], ["1", "3.00", "EA"]]);
    expect(() => orderMessageOf(order(item("0", "1")))).toThrow("not above zero");
    expect(() => orderMessageOf(order(item("1", "1e3")))).toThrow("is not a number");
    expect(() => orderMessageOf(order(item("1", "1") + item("1", "1", "EUR")))).toThrow("mixes currencies");
  });

  it("expands no entity: an external file or an entity bomb is refused", () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>`;
    expect(() => orderMessageOf(doctype + order(item("1", "1"), "&x;", "&b;"))).toThrow(CxmlError);
  });
});
