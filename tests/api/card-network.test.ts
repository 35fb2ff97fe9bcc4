/**
 * The card-network simulator (docs/cards.md): purchases put to the issuer are authorized by the card's
 * controls and declined with their reasons; cleared spend is posted; a program's statement is closed,
 * submitted for payment and paid; the journal balances. Refusals: another company, a blocked card, a
 * status jump by PATCH, a user without the keys.
 */
import { describe, expect, it } from "vitest";
import { money } from "../../src/framework/money.js";
import { useApp } from "./harness.js";
import { multipart } from "./multipart.js";
import { pdf } from "./uploads.js";

const h = useApp();

const call = async (email: string, method: "POST" | "PATCH" | "GET", url: string, payload?: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method, url, headers: { ...(await h.login(email)), ...headers }, ...(payload ? { payload } : {}) });
const post = (email: string, url: string, payload?: object, headers?: Record<string, string>) => call(email, "POST", url, payload, headers);

const admin = "admin@acme.test";
const db = () => h.database.db;

let serial = 0;
/** A CREDIT program of its own and an issued card under it: limit 3500, 5–1000 a purchase, valid in 2026, domestic only. */
async function issuedCard(controls: Record<string, unknown> = {}) {
  serial += 1;
  const program = await post(admin, "/api/card_programs", { name: `Simulated ${serial} ${Math.random().toString(36).slice(2, 8)}`, program_type: "CREDIT", account_id: "55501234" });
  expect(program.statusCode).toBe(201);
  const created = await post(admin, "/api/virtual_cards", {
    last4: String(1000 + Math.floor(Math.random() * 9000)), card_type: "VIRTUAL", amount: "3500.00", currency_code: "USD", card_program_id: program.json().data.id,
    per_transaction_min: "5.00", per_transaction_max: "1000.00", start_date: "2026-01-01", end_date: "2026-12-31", is_international_usage: false, ...controls,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  // the card's approval chain is the approval engine's (tested there): approved here directly
  await db().updateTable("virtual_cards").set({ status: "APPROVED" }).where("id", "=", id).execute();
  expect((await post(admin, `/api/virtual_cards/${id}/issue`)).statusCode).toBe(200);
  return { card: id, program: program.json().data.id as number };
}

interface Tried { vendor_name: string; authorized_amount: string; transaction_date: string; is_international?: boolean }
const authorize = (card: number, purchase: Tried, email = admin) => post(email, `/api/virtual_cards/${card}/simulate_authorization`, purchase);

const journal = (type: string, ids: number[]) => db().selectFrom("account_transactions").select(["entry_number", "account_id", "debit_amount", "credit_amount"])
  .where("account_transactionable_type", "=", type as never).where("account_transactionable_id", "in", ids.length ? ids : [0]).execute();

function balanced(lines: { entry_number: unknown; debit_amount: unknown; credit_amount: unknown }[]) {
  for (const entry of new Set(lines.map((l) => l.entry_number))) {
    const own = lines.filter((l) => l.entry_number === entry);
    expect(own.reduce((t, l) => t.plus(String(l.debit_amount)), money(0)).toFixed(2), String(entry)).toBe(own.reduce((t, l) => t.plus(String(l.credit_amount)), money(0)).toFixed(2));
  }
}

function net(lines: { account_id: unknown; debit_amount: unknown; credit_amount: unknown }[], account: number): string {
  return lines.filter((l) => l.account_id === account).reduce((t, l) => t.plus(String(l.debit_amount)).minus(String(l.credit_amount)), money(0)).toFixed(2);
}

async function accountId(number: string) {
  const company = await h.companyId("Acme Corp");
  return (await db().selectFrom("accounts").select("id").where("company_id", "=", company).where("number", "=", number).executeTakeFirstOrThrow()).id;
}

/** 100 purchases, 23 of them over a control by design; the rest 50.00 each, so the limit of 3500 is used up by the 70th. */
function hundredPurchases(): { purchase: Tried; reason: string | null }[] {
  const list: { purchase: Tried; reason: string | null }[] = [];
  let approvedSoFar = 0;
  for (let i = 0; i < 100; i++) {
    const purchase: Tried = { vendor_name: `Merchant ${i}`, authorized_amount: "50.00", transaction_date: "2026-11-10" };
    let reason: string | null = null;
    if (i % 10 === 3) [purchase.authorized_amount, reason] = ["1500.00", "Above the per-transaction maximum of 1000.00 USD"];
    else if (i % 10 === 7) [purchase.authorized_amount, reason] = ["2.00", "Below the per-transaction minimum of 5.00 USD"];
    else if (i === 45) [purchase.is_international, reason] = [true, "International purchases are not allowed on this card"];
    else if (i === 66) [purchase.transaction_date, reason] = ["2027-01-05", "The card cannot be used after 2026-12-31"];
    else if (i === 88) [purchase.transaction_date, reason] = ["2025-12-01", "The card cannot be used before 2026-01-01"];
    else if (approvedSoFar === 70) reason = "Over the available balance of 0.00 USD";
    else approvedSoFar += 1;
    list.push({ purchase, reason });
  }
  return list;
}

describe("card-network simulator", () => {
  it("100 authorizations: exactly those over the controls are declined, with their reasons; the rest clear and post", async () => {
    const { card } = await issuedCard();
    const purchases = hundredPurchases();
    const answers: { id: number; transaction_status: string; transaction_status_description: string }[] = [];
    for (const { purchase } of purchases) {
      const response = await authorize(card, purchase);
      expect(response.statusCode, response.body).toBe(201);
      answers.push(response.json().data.transaction);
    }
    const declined = purchases.flatMap((p, i) => (p.reason ? [i] : []));
    expect(declined).toHaveLength(30);
    expect(answers.flatMap((a, i) => (a.transaction_status === "declined" ? [i] : []))).toEqual(declined);
    purchases.forEach((p, i) => {
      expect(answers[i].transaction_status, `purchase ${i}`).toBe(p.reason ? "declined" : "CLEARED");
      if (p.reason) expect(answers[i].transaction_status_description, `purchase ${i}`).toBe(p.reason);
    });
    const cardRow = (await call(admin, "GET", `/api/virtual_cards/${card}`)).json().data;
    expect(cardRow.remaining_amount).toBe("0.00");
    const cleared = answers.filter((a) => a.transaction_status === "CLEARED").map((a) => a.id);
    const lines = await journal("CardTransaction", cleared);
    expect(lines).toHaveLength(140);
    balanced(lines);
    expect(net(lines, await accountId("5000"))).toBe("3500.00");
    expect(net(lines, await accountId("2200"))).toBe("-3500.00");
    expect(await journal("CardTransaction", answers.filter((a) => a.transaction_status === "declined").map((a) => a.id))).toEqual([]);
  }, 120_000);

  it("statement close → submit for payment → payment: summed once, paid once, the journal balanced and the card liability cleared", async () => {
    const { card, program } = await issuedCard();
    const amounts = ["120.00", "75.50", "999.99"];
    const ids: number[] = [];
    for (const amount of amounts) ids.push((await authorize(card, { vendor_name: "Office Depot", authorized_amount: amount, transaction_date: "2026-11-05" })).json().data.transaction.id);
    // after the close date: stays for the next statement
    const later = (await authorize(card, { vendor_name: "Later Shop", authorized_amount: "10.00", transaction_date: "2026-11-20" })).json().data.transaction.id as number;

    const closed = await post(admin, `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-15" });
    expect(closed.statusCode, closed.body).toBe(200);
    const statement = closed.json().data;
    expect(statement).toMatchObject({ status: "OPEN", transaction_amount: "1195.49", previous_balance: "0.00", current_balance: "1195.49", close_date: "2026-11-15", due_date: "2026-12-10", account_number: "1234", statement_type: "CREDIT" });
    const again = await post(admin, `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-15" });
    expect(again.json().data.id).toBe(statement.id);
    // ticked on the programs list: the same close, once
    const bulk = await post(admin, "/api/card_programs/bulk/close_statement", { ids: [program], close_date: "2026-11-15" });
    expect(bulk.json().data).toEqual([{ id: program, status: 200 }]);
    expect(await db().selectFrom("statements").select("id").where("card_program_id", "=", program).execute()).toHaveLength(1);
    const onStatement = await db().selectFrom("card_transactions").select(["id", "statement_id"]).where("virtual_card_id", "=", card).orderBy("id").execute();
    expect(onStatement.filter((t) => t.statement_id === statement.id).map((t) => t.id)).toEqual(ids);
    expect(onStatement.find((t) => t.id === later)?.statement_id).toBeNull();

    // not submitted yet: no payment; a staff member cannot submit; the status is not PATCHed
    expect((await post(admin, `/api/statements/${statement.id}/pay`)).statusCode).toBe(409);
    expect((await post("staff@acme.test", `/api/statements/${statement.id}/submit_for_payment`)).statusCode).toBe(403);
    expect([403, 404, 405]).toContain((await call(admin, "PATCH", `/api/statements/${statement.id}`, { status: "PAID" })).statusCode);

    expect((await post(admin, `/api/statements/${statement.id}/submit_for_payment`)).json().data.status).toBe("APPROVED");
    expect((await post("approver@acme.test", `/api/statements/${statement.id}/pay`)).statusCode).toBe(403);
    const key = { "idempotency-key": `pay-statement-${statement.id}` };
    const paid = await post(admin, `/api/statements/${statement.id}/pay`, undefined, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: "PAID", payment_amount: "1195.49", current_balance: "0.00", is_validate_pay_now: false });
    const replay = await post(admin, `/api/statements/${statement.id}/pay`, undefined, key);
    expect(replay.json().data.status).toBe("PAID");
    expect((await post(admin, `/api/statements/${statement.id}/pay`)).statusCode).toBe(409);

    const payment = await journal("Statement", [statement.id as number]);
    expect(payment).toHaveLength(2);
    balanced(payment);
    const spend = await journal("CardTransaction", ids);
    const liability = await accountId("2200");
    expect(net([...spend, ...payment], liability)).toBe("0.00");
    expect(net(payment, liability)).toBe("1195.49");

    // the next close carries nothing over from a paid statement and takes the later purchase
    const next = (await post(admin, `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-30" })).json().data;
    expect(next).toMatchObject({ previous_balance: "0.00", transaction_amount: "10.00", current_balance: "10.00", begin_date: "2026-11-16" });
    expect((await post(admin, `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-01" })).statusCode).toBe(422);
  }, 60_000);

  it("block, temporary block, unblock: the network declines a blocked card; transitions are the declared ones only", async () => {
    const { card } = await issuedCard();
    const buy = async () => (await authorize(card, { vendor_name: "Cafe", authorized_amount: "12.00", transaction_date: "2026-11-10" })).json().data.transaction;
    expect((await post(admin, `/api/virtual_cards/${card}/block_temporarily`)).json().data.status).toBe("TEMPORARY BLOCK");
    expect(await buy()).toMatchObject({ transaction_status: "declined", transaction_status_description: "The card is temporarily blocked" });
    expect((await post(admin, `/api/virtual_cards/${card}/unblock`)).json().data.status).toBe("ACTIVE");
    expect((await buy()).transaction_status).toBe("CLEARED");
    expect((await post(admin, `/api/virtual_cards/${card}/block`)).json().data.status).toBe("BLOCKED");
    const blocked = await buy();
    expect(blocked).toMatchObject({ transaction_status: "declined", transaction_status_description: "The card is blocked" });
    expect(await journal("CardTransaction", [blocked.id])).toEqual([]);
    // a blocked card is not unblocked, nor PATCHed back to ACTIVE
    expect((await post(admin, `/api/virtual_cards/${card}/unblock`)).statusCode).toBe(409);
    const jump = await call(admin, "PATCH", `/api/virtual_cards/${card}`, { status: "ACTIVE" });
    expect(jump.statusCode).toBe(422);
    expect((await db().selectFrom("virtual_cards").select("status").where("id", "=", card).executeTakeFirstOrThrow()).status).toBe("BLOCKED");
  }, 60_000);

  it("replacement: a new card with the same controls, issued; the old one closed and declined", async () => {
    const { card } = await issuedCard({ is_international_usage: true });
    const replaced = await post(admin, `/api/virtual_cards/${card}/replace`);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const fresh = replaced.json().data;
    expect(fresh.id).not.toBe(card);
    expect(fresh).toMatchObject({ status: "ACTIVE", replacement_card: true, amount: "3500.00", per_transaction_max: "1000.00", is_international_usage: true, remaining_amount: "3500.00" });
    const old = (await call(admin, "GET", `/api/virtual_cards/${card}`)).json().data;
    expect(old.status).toBe("INACTIVE");
    expect(fresh.last4).not.toBe(old.last4);
    expect((await authorize(card, { vendor_name: "Cafe", authorized_amount: "12.00", transaction_date: "2026-11-10" })).json().data.transaction.transaction_status_description).toBe("The card is closed");
    expect((await authorize(fresh.id, { vendor_name: "Cafe", authorized_amount: "12.00", transaction_date: "2026-11-10", is_international: true })).json().data.transaction.transaction_status).toBe("CLEARED");
  }, 60_000);

  it("refusals: another company's card, a user without the key, bad input — nothing stored", async () => {
    const { card, program } = await issuedCard();
    const count = async () => (await db().selectFrom("card_transactions").select("id").where("virtual_card_id", "=", card).execute()).length;
    const purchase = { vendor_name: "Cafe", authorized_amount: "12.00", transaction_date: "2026-11-10" };
    expect((await authorize(card, purchase, "admin@globex.test")).statusCode).toBe(404);
    expect((await post("admin@globex.test", `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-30" })).statusCode).toBe(404);
    expect((await authorize(card, purchase, "staff@acme.test")).statusCode).toBe(403);
    expect((await authorize(card, purchase, "readonly@acme.test")).statusCode).toBe(403);
    expect((await post("staff@acme.test", `/api/virtual_cards/${card}/block`)).statusCode).toBe(403);
    expect((await post("staff@acme.test", `/api/virtual_cards/${card}/replace`)).statusCode).toBe(403);
    expect((await post("staff@acme.test", `/api/card_programs/${program}/close_statement`, { close_date: "2026-11-30" })).statusCode).toBe(403);
    const zero = await authorize(card, { ...purchase, authorized_amount: "0" });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.authorized_amount).toEqual(["must be greater than 0"]);
    const missing = await post(admin, `/api/virtual_cards/${card}/simulate_authorization`, { authorized_amount: "abc" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["authorized_amount", "vendor_name"]);
    expect((await post(admin, `/api/card_programs/${program}/close_statement`, { close_date: "not a date" })).statusCode).toBe(422);
    expect(await count()).toBe(0);
    expect((await db().selectFrom("virtual_cards").select("status").where("id", "=", card).executeTakeFirstOrThrow()).status).toBe("ACTIVE");
    expect(await db().selectFrom("statements").select("id").where("card_program_id", "=", program).execute()).toEqual([]);
  }, 60_000);

  it("receipts, coding and matching: a receipt first above the threshold; the coding moves the posted expense; another company's PO refused", async () => {
    const { card } = await issuedCard();
    const tx = (await authorize(card, { vendor_name: "Hotel", authorized_amount: "200.00", transaction_date: "2026-11-12" })).json().data.transaction.id as number;
    const small = (await authorize(card, { vendor_name: "Coffee", authorized_amount: "20.00", transaction_date: "2026-11-12" })).json().data.transaction.id as number;
    const show = async (id: number) => (await call(admin, "GET", `/api/card_transactions/${id}`)).json().data;
    expect(await show(tx)).toMatchObject({ receipt_required: "Yes", receipt_attached: false, receipt_tooltip: `Receipt Not uploaded for #${tx}` });
    expect(await show(small)).toMatchObject({ receipt_required: "Not required", receipt_tooltip: null });
    const company = await h.companyId("Acme Corp");
    const globex = await h.companyId("Globex Ltd");
    const po = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", company).executeTakeFirstOrThrow()).id;
    const foreignPo = (await db().selectFrom("purchase_orders").select("id").where("company_id", "=", globex).executeTakeFirstOrThrow()).id;
    const coding = { account_code: "6300", department: "Sales", purchase_order_id: po };

    const noReceipt = await post(admin, `/api/card_transactions/${tx}/code`, coding);
    expect(noReceipt.statusCode).toBe(422);
    expect(noReceipt.json().errors.base).toEqual([`Receipt Not uploaded for #${tx}`]);
    expect((await post("staff@acme.test", `/api/card_transactions/${tx}/code`, coding)).statusCode).toBe(403);
    expect((await post("admin@globex.test", `/api/card_transactions/${tx}/code`, coding)).statusCode).toBe(404);

    const form = await multipart({ assetable_type: "CardTransaction", assetable_id: String(tx) }, { name: "hotel.pdf", content: pdf("hotel"), type: "application/pdf" });
    const uploaded = await h.app.inject({ method: "POST", url: "/api/documents/upload", headers: { ...(await h.login(admin)), ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await show(tx)).receipt_tooltip).toBe(`Receipt Uploaded for #${tx}`);

    const foreign = await post(admin, `/api/card_transactions/${tx}/code`, { ...coding, purchase_order_id: foreignPo, account_code: "9999" });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors).sort()).toEqual(["account_code", "purchase_order_id"]);
    expect(await show(tx)).toMatchObject({ account_code: null, purchase_order_id: null });

    const coded = await post(admin, `/api/card_transactions/${tx}/code`, coding);
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json().data).toMatchObject({ account_code: "6300", department: "Sales", purchase_order_id: po, receipt_attached: true });
    const lines = await journal("CardTransaction", [tx]);
    balanced(lines);
    expect(net(lines, await accountId("5000"))).toBe("0.00");
    expect(net(lines, await accountId("6300"))).toBe("200.00");
    expect(net(lines, await accountId("2200"))).toBe("-200.00");
    // the same coding again posts nothing more
    expect((await post(admin, `/api/card_transactions/${tx}/code`, coding)).statusCode).toBe(200);
    expect(await journal("CardTransaction", [tx])).toHaveLength(lines.length);
  }, 60_000);
});
