/**
 * A new accrual, by hand or made from a purchase order or one of its lines (/accruals/new?poID= or
 * ?poItemID=): what the order or line knows fills what the request leaves out — its order, vendor and
 * currency, the line's expense account, and as the amount what is not yet invoiced (the order's
 * open_balance, the line's unbilled quantity × price) — and the accrual keeps the link (accrual_type
 * PurchaseOrder or PoItem). What the request names must agree with the order (422). The number is
 * issued (ACR-00001…) unless given; the account, when named, must be in the chart of accounts.
 */
import { money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import { issueNumbers } from "../ledger/numbers.js";
import { rowOf } from "../purchasing/records.js";

/** Set `field` from the order or line when left out; refuse a different value. */
function agree(data: Row, field: string, value: unknown, what: string): void {
  if (data[field] === undefined || data[field] === null) data[field] = value;
  else if (String(data[field]) !== String(value)) throw unprocessable({ [field]: [`must be the ${what}'s (${String(value)})`] });
}

async function fromOrder(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  const line = data.po_item_id ? await rowOf(trx, ctx, "po_items", data.po_item_id) : undefined;
  if (line) agree(data, "purchase_order_id", line.purchase_order_id, "PO line's order");
  if (!data.purchase_order_id) return;
  const order = await rowOf(trx, ctx, "purchase_orders", data.purchase_order_id);
  if (!["APPROVED", "OPEN"].includes(String(order.status))) throw unprocessable({ purchase_order_id: [`purchase order ${String(order.number)} is ${String(order.status)}: only approved or open orders are accrued`] });
  agree(data, "vendor_id", order.vendor_id, "purchase order");
  agree(data, "currency_code", order.currency_code, "purchase order");
  data.accrual_type ??= line ? "PoItem" : "PurchaseOrder";
  data.description ??= line ? `${String(order.number)}: ${String(line.description)}` : `Purchase order ${String(order.number)}`;
  if (line) data.account_number ??= line.account_number;
  data.amount ??= line
    ? round(money(String(line.quantity)).minus(String(line.qty_billed ?? "0")).times(String(line.unit_price)))
    : round(String(order.open_balance ?? "0"));
}

export async function fillAccrual(data: Row, ctx: Ctx, trx: DB): Promise<void> {
  await fromOrder(data, ctx, trx);
  data.currency_code ??= ctx.company.currency_code;
  const blank = ["vendor_id", "amount"].filter((field) => data[field] === undefined || data[field] === null);
  if (blank.length) throw unprocessable(Object.fromEntries(blank.map((field) => [field, ["can't be blank"]])));
  if (data.account_number) {
    const account = await trx.selectFrom("accounts").select("name").where("company_id", "=", ctx.company.id).where("number", "=", String(data.account_number)).executeTakeFirst();
    if (!account) throw unprocessable({ account_number: ["is not an account of the chart of accounts"] });
    data.account_name = account.name;
  }
  data.number ??= (await issueNumbers(trx, "accruals", "number", ctx.company.id, "ACR", 1))[0];
}
