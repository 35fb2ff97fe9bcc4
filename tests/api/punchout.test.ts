/**
 * Punchout (docs/punchout.md) against a local test supplier speaking cXML: an administrator sets a
 * supplier up; a requester's generate_url sends a PunchOutSetupRequest (shared secret, buyer cookie,
 * the return URL, ship-to) and gets the supplier's start page; the supplier's order message brings the
 * cart back once, to its requester only, and becomes a purchase-order request's lines. Refused: a
 * wrong secret either way, a supplier down or answering no URL (the spec's "Couldn't generate url"),
 * a disabled, unknown or other company's supplier, a foreign ship-to, a wrong, reused or expired
 * buyer cookie, and every other person's look at the cart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopItems, startPunchoutSupplier, type TestSupplier } from "../support/punchout-supplier.js";
import { useApp } from "./harness.js";

const h = useApp();
const secret = "s3cret & <shared>";
let supplier: TestSupplier;
let acme: number;
let globex: number;

const as = async (email: string) => h.login(email);
const get = async (email: string, url: string) => h.app.inject({ url, headers: await as(email) });
const generate = (email: string, query: string) => get(email, `/api/punchout/generate_url?${query}`);
const postOrder = (form: Record<string, string>) =>
  h.app.inject({ method: "POST", url: "/api/punchout/order_message", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(form).toString() });

async function vendorOf(companyId: number): Promise<number> {
  const row = await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
  return row.id;
}

async function createSupplier(email: string, body: Record<string, unknown>) {
  return h.app.inject({ method: "POST", url: "/api/punchout_suppliers", headers: await as(email), payload: body });
}

const setupOf = (provider: string, vendorId: number, extra: Record<string, unknown> = {}) => ({
  name: `Office supplies ${provider}`, provider, vendor_id: vendorId, setup_url: supplier.setupUrl,
  from_identity: "acme & co <buyer>", to_identity: "supplier", to_domain: "DUNS", shared_secret: secret, ...extra,
});

/** A punchout of staff@acme.test on `provider` as far as the supplier's setup: its buyer cookie. */
async function punchOut(provider = "office"): Promise<string> {
  const response = await generate("staff@acme.test", `provider=${provider}`);
  expect(response.statusCode, response.body).toBe(200);
  return supplier.setups.at(-1)!.buyerCookie;
}

beforeAll(async () => {
  supplier = await startPunchoutSupplier({ secret });
  acme = await h.companyId("Acme Corp");
  globex = await h.companyId("Globex Ltd");
  const acmeVendor = await vendorOf(acme);
  for (const body of [setupOf("office", acmeVendor), setupOf("closed", acmeVendor, { enabled: false }),
    setupOf("wrongsecret", acmeVendor, { shared_secret: "not the one" }), setupOf("down", acmeVendor, { setup_url: "http://127.0.0.1:9/setup" })]) {
    const created = await createSupplier("admin@acme.test", body);
    expect(created.statusCode, created.body).toBe(201);
  }
  const foreign = await createSupplier("admin@globex.test", setupOf("globex-only", await vendorOf(globex)));
  expect(foreign.statusCode, foreign.body).toBe(201);
});
afterAll(async () => supplier?.close());

describe("punchout suppliers", () => {
  it("are set up by an administrator, with a secret that is required and never shown, one per provider code", async () => {
    const vendorId = await vendorOf(acme);
    const noSecret = await createSupplier("admin@acme.test", setupOf("nosecret", vendorId, { shared_secret: "" }));
    expect(noSecret.statusCode).toBe(422);
    expect(Object.keys(noSecret.json().errors)).toEqual(["shared_secret"]);
    const twice = await createSupplier("admin@acme.test", setupOf("office", vendorId));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.provider).toEqual(["is already set up for another supplier"]);
    const otherVendor = await createSupplier("admin@acme.test", setupOf("foreignvendor", await vendorOf(globex)));
    expect(otherVendor.statusCode).toBe(422);
    const staff = await createSupplier("staff@acme.test", setupOf("bystaff", vendorId));
    expect(staff.statusCode).toBe(403);

    const list = await get("admin@acme.test", "/api/punchout_suppliers?provider=office");
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).not.toHaveProperty("shared_secret");
    // an edit that leaves the secret empty keeps it: the punchout still works afterwards
    const id = list.json().data[0].id;
    const edit = await h.app.inject({ method: "PATCH", url: `/api/punchout_suppliers/${id}`, headers: await as("admin@acme.test"), payload: { name: "Office supplies", shared_secret: "" } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await generate("staff@acme.test", "provider=office")).statusCode).toBe(200);
  });

  it("the enabled ones are the user's punchout_integrations flags and the punchout screen's suppliers", async () => {
    const me = await get("staff@acme.test", "/api/users/current");
    expect(me.json().data.company.punchout_integrations).toMatchObject({ office: true, closed: false });
    expect(me.json().data.company.punchout_integrations).not.toHaveProperty("globex-only");
    const offered = await get("staff@acme.test", "/api/punchout/suppliers");
    expect(offered.statusCode).toBe(200);
    const providers = offered.json().data.map((s: { provider: string }) => s.provider);
    expect(providers).toContain("office");
    expect(providers).not.toContain("closed");
    expect(providers).not.toContain("globex-only");
    expect(JSON.stringify(offered.json().data)).not.toContain(secret);
    // no punchout without requestPurchaseOrders, nor for the vendor portal
    expect((await get("receiving@acme.test", "/api/punchout/suppliers")).statusCode).toBe(403);
    expect((await generate("receiving@acme.test", "provider=office")).statusCode).toBe(403);
    expect((await get("vendor@northwind.test", "/api/punchout/suppliers")).statusCode).toBe(403);
    expect((await generate("vendor@northwind.test", "provider=office")).statusCode).toBe(403);
  });
});

describe("GET /api/punchout/generate_url", () => {
  it("sends a PunchOutSetupRequest with the secret, a buyer cookie and the return URL, and returns the supplier's start page", async () => {
    const response = await generate("staff@acme.test", "provider=office");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.url).toMatch(new RegExp(`^${supplier.url}/shop/[0-9a-f]+$`));
    const setup = supplier.setups.at(-1)!;
    expect(setup.operation).toBe("create");
    expect(setup.sharedSecret).toBe(secret);
    expect(setup.formPostUrl).toMatch(/\/api\/punchout\/order_message$/);
    expect(setup.buyerCookie.length).toBeGreaterThanOrEqual(40);
    // every value escaped: the buyer identity with & and <> arrives as it was typed
    expect(setup.xml).toContain("<Identity>acme &amp; co &lt;buyer&gt;</Identity>");
    expect(setup.xml).toContain("<Email>staff@acme.test</Email>");
    // only the hash of the cookie is stored
    const stored = await h.database.db.selectFrom("outbound_links").select("token_hash").where("purpose", "=", "punchout").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(setup.buyerCookie);
  });

  it("Track purchase is an inspect operation; a company address is sent as ShipTo, another company's is refused", async () => {
    expect((await generate("staff@acme.test", "provider=office&operation=inspect")).statusCode).toBe(200);
    expect(supplier.setups.at(-1)!.operation).toBe("inspect");
    const address = await h.database.db.selectFrom("addresses").select(["id", "city"]).where("company_id", "=", acme).where("owner_type", "=", "Company").executeTakeFirstOrThrow();
    expect((await generate("staff@acme.test", `provider=office&shipping_id=${address.id}`)).statusCode).toBe(200);
    expect(supplier.setups.at(-1)!.xml).toContain(`<ShipTo><Address addressID="${address.id}">`);
    expect(supplier.setups.at(-1)!.xml).toContain(`<City>${address.city}</City>`);
    const foreign = await h.database.db.selectFrom("addresses").select("id").where("company_id", "=", globex).executeTakeFirstOrThrow();
    const refused = await generate("staff@acme.test", `provider=office&shipping_id=${foreign.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.shipping_id).toEqual(["is not an address of your company"]);
    expect((await generate("staff@acme.test", "provider=office&operation=delete")).statusCode).toBe(422);
  });

  it("a supplier that refuses the secret, is down or answers no start page: the spec's Couldn't generate url", async () => {
    for (const provider of ["wrongsecret", "down"]) {
      const response = await generate("staff@acme.test", `provider=${provider}`);
      expect(response.statusCode, provider).toBe(502);
      expect(response.json().errors.base).toEqual(["Couldn't generate url"]);
    }
    expect(supplier.setups.at(-1)!.sharedSecret).toBe("not the one");
    supplier.mode = "no-url";
    try {
      const response = await generate("staff@acme.test", "provider=office");
      expect(response.statusCode).toBe(502);
      expect(response.json().errors.base).toEqual(["Couldn't generate url"]);
    } finally {
      supplier.mode = "normal";
    }
  });

  it("refuses a supplier that is disabled, unknown or another company's", async () => {
    for (const provider of ["closed", "nosuch", "globex-only", ""]) {
      const response = await generate("staff@acme.test", `provider=${provider}`);
      expect(response.statusCode, provider).toBe(422);
      expect(response.json().errors.provider).toEqual(["is not a punchout supplier enabled for your company"]);
    }
  });
});

describe("the supplier's order message", () => {
  it("brings the cart back once, to the requester only, and its items become a purchase-order request's lines", async () => {
    const cookie = await punchOut();
    // a wrong cookie or a wrong secret is refused and spends nothing
    const strange = await postOrder({ "cxml-urlencoded": supplier.orderMessage("not-a-cookie") });
    expect(strange.statusCode).toBe(422);
    expect(strange.headers["content-type"]).toMatch(/text\/html/);
    expect(strange.body).toContain("belongs to no punchout started in Outlay");
    const forged = await postOrder({ "cxml-urlencoded": supplier.orderMessage(cookie, { secret: "guessed" }) });
    expect(forged.statusCode).toBe(422);
    expect(forged.body).toContain("credential does not match");
    expect((await postOrder({ "cxml-urlencoded": "<cXML><unclosed>" })).statusCode).toBe(422);
    expect((await postOrder({ other: "field" })).statusCode).toBe(422);

    const accepted = await postOrder({ "cxml-base64": Buffer.from(supplier.orderMessage(cookie)).toString("base64") });
    expect(accepted.statusCode, accepted.body).toBe(303);
    const match = /^\/purchase_orders\/requests\/new\?punchoutId=(\d+)$/.exec(accepted.headers.location as string);
    expect(match).not.toBeNull();
    const id = match![1];
    const replay = await postOrder({ "cxml-urlencoded": supplier.orderMessage(cookie) });
    expect(replay.statusCode).toBe(422);
    expect(replay.body).toContain("already brought back");

    const cart = await get("staff@acme.test", `/api/punchout/sessions/${id}`);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().data).toMatchObject({ vendor_id: await vendorOf(acme), vendor: { id: await vendorOf(acme) }, supplier: { name: "Office supplies" }, currency_code: "USD" });
    expect(cart.json().data.items).toEqual(shopItems.map((item) => ({
      supplier_part_id: item.partId, description: item.description, quantity: item.quantity, unit_price: item.unitPrice, unit_of_measure: item.unit,
    })));
    // nobody else sees it: another requester of the company, another company, a bad id
    expect((await get("po@acme.test", `/api/punchout/sessions/${id}`)).statusCode).toBe(404);
    expect((await get("admin@globex.test", `/api/punchout/sessions/${id}`)).statusCode).toBe(404);
    expect((await get("staff@acme.test", "/api/punchout/sessions/abc")).statusCode).toBe(404);

    const request = await h.app.inject({
      method: "POST", url: "/api/purchase_order_requests", headers: await as("staff@acme.test"),
      payload: {
        number: `PUNCH-${id}`, vendor_id: cart.json().data.vendor_id, date: "2026-11-27", currency_code: "USD",
        po_items: cart.json().data.items.map(({ description, quantity, unit_price }: Record<string, string>) => ({ description, quantity, unit_price })),
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const po = await get("staff@acme.test", `/api/purchase_order_requests/${request.json().data.id}`);
    expect(po.json().data.amount).toBe("80.00");
    expect(po.json().data.po_items.map((line: Record<string, string>) => [line.description, Number(line.quantity), line.amount]))
      .toEqual([["Ballpoint pens, blue (box of 50)", 3, "37.50"], ["Copy paper A4 & Letter <80 g>", 10, "42.50"]]);
  });

  it("an open session is no cart yet, and a cart that comes back too late is refused", async () => {
    const cookie = await punchOut();
    const open = await h.database.db.selectFrom("punchout_sessions").select("id").where("status", "=", "OPEN").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await get("staff@acme.test", `/api/punchout/sessions/${open.id}`)).statusCode).toBe(404);
    await h.database.db.updateTable("outbound_links").set({ expires_at: new Date(Date.now() - 1000) })
      .where("purpose", "=", "punchout").where("record_id", "=", open.id).execute();
    const late = await postOrder({ "cxml-urlencoded": supplier.orderMessage(cookie) });
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain("took too long");
  });

  it("refuses a cart in two currencies and an empty one, leaving the session open", async () => {
    const cookie = await punchOut();
    const mixed = supplier.orderMessage(cookie).replace('<Money currency="USD">4.25', '<Money currency="EUR">4.25');
    expect((await postOrder({ "cxml-urlencoded": mixed })).body).toContain("mixes currencies");
    expect((await postOrder({ "cxml-urlencoded": supplier.orderMessage(cookie, { items: [] }) })).body).toContain("empty");
    expect((await postOrder({ "cxml-urlencoded": supplier.orderMessage(cookie) })).statusCode).toBe(303);
  });
});
