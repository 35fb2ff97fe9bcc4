/**
 * A card holder's own cards and card transactions (my_cards, my_card_transactions; docs/cards.md):
 * confined by the server to the cards whose holder is the signed-in user, whatever their keys; another
 * holder's card or transaction does not exist for them (404), nor does another company's, and the
 * views write nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();
type Row = Record<string, unknown> & { id: number };

const contactOf = async (email: string) => (await h.database.db.selectFrom("contacts as c").innerJoin("users as u", "u.id", "c.user_id")
  .select(["c.id", "c.company_id"]).where("u.email", "=", email).executeTakeFirstOrThrow());

async function get(url: string, email: string) {
  const response = await h.app.inject({ url, headers: await h.login(email) });
  return { status: response.statusCode, body: response.json() as { data: Row & Row[]; total?: number } };
}

/** The ids of the transactions of cards held by `contact`, straight from the table. */
async function heldTransactions(contact: number): Promise<number[]> {
  const rows = await h.database.db.selectFrom("card_transactions as t").innerJoin("virtual_cards as c", "c.id", "t.virtual_card_id")
    .select("t.id").where("c.contact_id", "=", contact).orderBy("t.id").execute();
  return rows.map((r) => r.id);
}

describe("a card holder's own cards and transactions", () => {
  let staff: number;
  let mine: number;
  let others: number;
  let otherTransaction: number;

  beforeAll(async () => {
    const db = h.database.db;
    staff = (await contactOf("staff@acme.test")).id;
    const ap = await contactOf("ap@acme.test");
    const company = ap.company_id;
    const cards = await db.selectFrom("virtual_cards").select("id").where("company_id", "=", company)
      .where((eb) => eb.exists(eb.selectFrom("card_transactions as t").select("t.id").whereRef("t.virtual_card_id", "=", "virtual_cards.id"))).orderBy("id").limit(2).execute();
    [mine, others] = cards.map((c) => c.id);
    await db.updateTable("virtual_cards").set({ contact_id: staff }).where("id", "=", mine).execute();
    await db.updateTable("virtual_cards").set({ contact_id: ap.id }).where("id", "=", others).execute();
    otherTransaction = (await db.selectFrom("card_transactions").select("id").where("virtual_card_id", "=", others).orderBy("id").executeTakeFirstOrThrow()).id;
  });

  it("lists exactly the transactions of the holder's cards, to a holder without the card-transaction keys", async () => {
    expect((await get("/api/card_transactions?_end=1", "staff@acme.test")).status).toBe(403);
    const listed = await get("/api/my_card_transactions?_start=0&_end=1000", "staff@acme.test");
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual(await heldTransactions(staff));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(otherTransaction);
    // a filter cannot widen the scope
    const widened = await get(`/api/my_card_transactions?virtual_card_id=${others}`, "staff@acme.test");
    expect(widened.body.data).toEqual([]);
  });

  it("opens the holder's own transaction with its receipts; another holder's is 404", async () => {
    const [own] = await heldTransactions(staff);
    const shown = await get(`/api/my_card_transactions/${own}`, "staff@acme.test");
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ id: own, virtual_card: { id: mine, contact_id: staff } });
    expect(Array.isArray(shown.body.data.documents)).toBe(true);
    expect((await get(`/api/my_card_transactions/${otherTransaction}`, "staff@acme.test")).status).toBe(404);
  });

  it("is personal for an administrator too, and another company's transaction is 404", async () => {
    const admin = (await contactOf("admin@acme.test")).id;
    const listed = await get("/api/my_card_transactions?_start=0&_end=1000", "admin@acme.test");
    expect(listed.body.data.map((r) => r.id).sort((a, b) => a - b)).toEqual(await heldTransactions(admin));
    const globex = await h.database.db.selectFrom("card_transactions").select("id").where("company_id", "=", (await contactOf("admin@globex.test")).company_id).executeTakeFirstOrThrow();
    expect((await get(`/api/my_card_transactions/${globex.id}`, "staff@acme.test")).status).toBe(404);
  });

  it("lists and opens only the holder's cards", async () => {
    const listed = await get("/api/my_cards?_start=0&_end=1000", "staff@acme.test");
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data.every((card) => card.contact_id === staff)).toBe(true);
    expect(listed.body.data.map((card) => card.id)).toContain(mine);
    expect((await get(`/api/my_cards/${mine}`, "staff@acme.test")).status).toBe(200);
    expect((await get(`/api/my_cards/${others}`, "staff@acme.test")).status).toBe(404);
  });

  it("writes nothing: changing a transaction or a card through the views is refused", async () => {
    const [own] = await heldTransactions(staff);
    const before = await h.database.db.selectFrom("card_transactions").selectAll().where("id", "=", own).executeTakeFirstOrThrow();
    const headers = await h.login("staff@acme.test");
    const patched = await h.app.inject({ method: "PATCH", url: `/api/my_card_transactions/${own}`, headers, payload: { vendor_name: "Mine now" } });
    expect([403, 404, 405]).toContain(patched.statusCode);
    const card = await h.app.inject({ method: "PATCH", url: `/api/my_cards/${mine}`, headers, payload: { description: "Mine now" } });
    expect([403, 404, 405]).toContain(card.statusCode);
    expect(await h.database.db.selectFrom("card_transactions").selectAll().where("id", "=", own).executeTakeFirstOrThrow()).toEqual(before);
  });
});
