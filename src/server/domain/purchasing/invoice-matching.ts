/**
 * Matching invoices to purchase orders, in the writing transaction (issue 14).
 *
 * An invoice line that names a PO line (po_item_id) is matched per line, the tolerance being the
 * vendor's matching variance, else the company's (data-spec: 0–25 %):
 * - QUANTITY (two-way): what every billing invoice bills on the PO line, this one included, is at most
 *   the ordered quantity plus the tolerance;
 * - PRICE (two-way): the line's unit price is at most the PO line's plus the tolerance;
 * - RECEIPT (three-way, when the company matches three ways): that billed quantity is at most the
 *   received quantity plus the tolerance.
 * An invoice without PO lines (none, or free lines only) but linked to purchase orders
 * (purchase_order_ids) is matched on its amount: AMOUNT — its amount plus what other billing invoices bill on those orders is at most their
 * total plus the tolerance.
 *
 * A billing invoice is one submitted and not rejected (a draft bills nothing yet). Exceptions are
 * recomputed from scratch; an override holds while the exception it accepted is the same (same line,
 * kind and figures): a changed figure opens it again. An OPEN exception holds the invoice from approval
 * (approvables/invoice.ts) and payment (payments/runs/payable.ts) through `has_open_exceptions`.
 *
 * The purchase order's side is kept exact here too: a PO line's qty_billed is the sum of the billing
 * invoices' lines on it, the order's invoice_balance the sum of their amounts (then open_balance and
 * fully_matched follow in rollUpPurchaseOrder).
 */
import { sql } from "kysely";
import { formatMoney, money, type MoneyInput } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { rollUpPurchaseOrder } from "./purchase-orders.js";
import { plain } from "./records.js";

/** invoice statuses whose lines bill their purchase orders */
export const billingStatuses = ["NEW", "PENDING", "APPROVED", "OPEN", "PAID", "CLOSED"] as const;

type Kind = "QUANTITY" | "PRICE" | "RECEIPT" | "AMOUNT";

interface Finding {
  line: number | null;
  purchase_order_id: number | null;
  po_item_id: number | null;
  kind: Kind;
  message: string;
  expected: string;
  actual: string;
}

export const withTolerance = (value: MoneyInput, percent: number) => money(value).times(money(100 + percent)).div(100);

/** The variance of the invoice's vendor, else its company's, and whether the company matches three ways. */
export async function matchingRules(trx: DB, companyId: number, vendorId: number): Promise<{ variance: number; threeWay: boolean }> {
  const row = await trx.selectFrom("companies as c").innerJoin("vendors as v", "v.company_id", "c.id")
    .select(["c.matching_variance", "v.matching_variance as vendor_variance", "c.three_way_matching"]).where("c.id", "=", companyId).where("v.id", "=", vendorId).executeTakeFirst();
  return { variance: Number(row?.vendor_variance ?? row?.matching_variance ?? 0), threeWay: row?.three_way_matching ?? true };
}

/** What the invoice's PO lines break: quantity, price and receipt per line. */
async function lineFindings(trx: DB, invoiceId: number, variance: number, threeWay: boolean): Promise<Finding[]> {
  const lines = await trx.selectFrom("invoice_items as ii").innerJoin("po_items as pi", "pi.id", "ii.po_item_id")
    .innerJoin("purchase_orders as po", "po.id", "pi.purchase_order_id")
    .select(["ii.line", "ii.quantity", "ii.unit_price", "pi.id as po_item_id", "pi.line as po_line", "pi.quantity as ordered", "pi.unit_price as po_price",
      "pi.qty_received", "po.id as purchase_order_id", "po.number as po_number", "po.currency_code"])
    .select((eb) => sql<string>`coalesce((select sum(o.quantity) from invoice_items o join invoices oi on oi.id = o.invoice_id
      where o.po_item_id = ${eb.ref("pi.id")} and o.invoice_id <> ${invoiceId} and oi.status in (${sql.join([...billingStatuses])})), 0)::text`.as("billed_elsewhere"))
    .where("ii.invoice_id", "=", invoiceId).orderBy("ii.line").execute();
  // several lines of this invoice may bill one PO line: their quantities add up
  const billedHere = new Map<number, ReturnType<typeof money>>();
  for (const l of lines) billedHere.set(l.po_item_id, (billedHere.get(l.po_item_id) ?? money(0)).plus(String(l.quantity)));
  const findings: Finding[] = [];
  for (const l of lines) {
    const at = { line: l.line, purchase_order_id: l.purchase_order_id, po_item_id: l.po_item_id };
    const where = `${l.po_number} line ${l.po_line}`;
    const billed = money(l.billed_elsewhere).plus(billedHere.get(l.po_item_id)!);
    const tolerance = variance > 0 ? ` with the ${variance} % tolerance` : "";
    const orderedAllowed = withTolerance(String(l.ordered), variance);
    if (billed.gt(orderedAllowed)) {
      findings.push({ ...at, kind: "QUANTITY", expected: plain(orderedAllowed), actual: plain(billed),
        message: `Bills ${plain(billed)} in all on ${where}, which ordered ${plain(l.ordered)} (${plain(orderedAllowed)} at most${tolerance}).` });
    }
    const priceAllowed = withTolerance(String(l.po_price), variance);
    if (money(String(l.unit_price)).gt(priceAllowed)) {
      findings.push({ ...at, kind: "PRICE", expected: plain(priceAllowed), actual: plain(l.unit_price),
        message: `Unit price ${formatMoney(String(l.unit_price), l.currency_code)} is above ${where}'s ${formatMoney(String(l.po_price), l.currency_code)}`
          + (variance > 0 ? ` (${formatMoney(priceAllowed.toFixed(2), l.currency_code)} at most${tolerance}).` : ".") });
    }
    const receivedAllowed = withTolerance(String(l.qty_received), variance);
    if (threeWay && billed.gt(receivedAllowed)) {
      findings.push({ ...at, kind: "RECEIPT", expected: plain(receivedAllowed), actual: plain(billed),
        message: `Bills ${plain(billed)} in all on ${where}, of which ${plain(l.qty_received)} received (${plain(receivedAllowed)} at most${tolerance}).` });
    }
  }
  return findings;
}

/** What an invoice without PO lines breaks on the amount of the orders it is linked to. */
async function amountFinding(trx: DB, invoice: { id: number; amount: string; currency_code: string; purchase_order_ids: number[] }, variance: number): Promise<Finding[]> {
  const ids = invoice.purchase_order_ids;
  if (ids.length === 0) return [];
  const orders = await trx.selectFrom("purchase_orders").select(["id", "number", "amount", "invoice_balance"]).where("id", "in", ids).orderBy("id").execute();
  if (orders.length === 0) return [];
  const others = await trx.selectFrom("invoices").select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("id", "<>", invoice.id).where("status", "in", [...billingStatuses])
    .where(sql<boolean>`purchase_order_ids && ${sql.val(ids)}::int[]`)
    // an invoice billing PO lines counts in the orders' invoice_balance already
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("invoice_items").select("id").whereRef("invoice_items.invoice_id", "=", "invoices.id")
      .where("invoice_items.po_item_id", "is not", null))))
    .executeTakeFirstOrThrow();
  const ordered = orders.reduce((total, o) => total.plus(String(o.amount)), money(0));
  const billedOnLines = orders.reduce((total, o) => total.plus(String(o.invoice_balance)), money(0));
  const billed = money(invoice.amount).plus(others.total).plus(billedOnLines);
  const allowed = withTolerance(ordered, variance);
  if (!billed.gt(allowed)) return [];
  const numbers = orders.map((o) => o.number).join(", ");
  const amount = (value: ReturnType<typeof money>) => formatMoney(value.toFixed(2), invoice.currency_code);
  return [{
    line: null, purchase_order_id: orders[0].id, po_item_id: null, kind: "AMOUNT", expected: allowed.toFixed(2), actual: billed.toFixed(2),
    message: `Bills ${amount(billed)} in all on ${numbers}, which ordered ${amount(ordered)}`
      + (variance > 0 ? ` (${amount(allowed)} at most with the ${variance} % tolerance).` : "."),
  }];
}

const sameFinding = (a: Finding, b: { line: number | null; kind: string; expected: unknown; actual: unknown; po_item_id: number | null }) =>
  a.line === b.line && a.kind === b.kind && a.po_item_id === b.po_item_id && money(a.expected).eq(String(b.expected)) && money(a.actual).eq(String(b.actual));

/** Recompute the invoice's exceptions, its po_matching and has_open_exceptions (the invoice row is the caller's to lock). */
export async function matchInvoice(trx: DB, invoiceId: number): Promise<{ open: number }> {
  const invoice = await trx.selectFrom("invoices").select(["id", "company_id", "vendor_id", "amount", "currency_code", "purchase_order_ids"])
    .where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return { open: 0 };
  const poLines = await trx.selectFrom("invoice_items as ii").innerJoin("po_items as pi", "pi.id", "ii.po_item_id")
    .select("pi.purchase_order_id").distinct().where("ii.invoice_id", "=", invoiceId).execute();
  // an invoice billing PO lines is linked to their orders
  const orderIds = poLines.length > 0 ? poLines.map((l) => l.purchase_order_id).sort((a, b) => a - b) : (invoice.purchase_order_ids ?? []);
  const { variance, threeWay } = await matchingRules(trx, invoice.company_id, invoice.vendor_id);
  const findings = poLines.length > 0
    ? await lineFindings(trx, invoiceId, variance, threeWay)
    : await amountFinding(trx, { id: invoiceId, amount: String(invoice.amount), currency_code: invoice.currency_code, purchase_order_ids: orderIds }, variance);

  const existing = await trx.selectFrom("match_exceptions").selectAll().where("invoice_id", "=", invoiceId).execute();
  const keptOverrides = existing.filter((e) => e.status === "OVERRIDDEN" && findings.some((f) => sameFinding(f, e)));
  await trx.deleteFrom("match_exceptions").where("invoice_id", "=", invoiceId)
    .where("id", "not in", [0, ...keptOverrides.map((e) => e.id)]).execute();
  const fresh = findings.filter((f) => !keptOverrides.some((e) => sameFinding(f, e)));
  if (fresh.length > 0) {
    await trx.insertInto("match_exceptions").values(fresh.map((f) => ({ ...f, company_id: invoice.company_id, invoice_id: invoiceId, status: "OPEN" }))).execute();
  }
  const linked = orderIds.length > 0;
  await trx.updateTable("invoices").set({
    has_open_exceptions: fresh.length > 0,
    po_matching: !linked ? "NO_LINKED" : fresh.length > 0 ? "UNMATCHED" : "MATCHED",
    ...(poLines.length > 0 ? { purchase_order_ids: orderIds } : {}),
  }).where("id", "=", invoiceId).execute();
  return { open: fresh.length };
}

/**
 * The PO lines `poItemIds` bill what the billing invoices' lines on them say: qty_billed per line, then
 * each order's invoice_balance and its roll-up (open balance, fully matched).
 */
export async function settleBilling(trx: DB, poItemIds: readonly number[]): Promise<void> {
  if (poItemIds.length === 0) return;
  const orders = await trx.updateTable("po_items").set({
    qty_billed: sql<string>`coalesce((select sum(ii.quantity) from invoice_items ii join invoices i on i.id = ii.invoice_id
      where ii.po_item_id = po_items.id and i.status in (${sql.join([...billingStatuses])})), 0)`,
    updated_at: new Date(),
  }).where("id", "in", poItemIds).returning("purchase_order_id").execute();
  const orderIds = [...new Set(orders.map((o) => o.purchase_order_id))];
  if (orderIds.length === 0) return;
  await trx.updateTable("purchase_orders").set({
    invoice_balance: sql<string>`coalesce((select sum(ii.amount) from invoice_items ii join invoices i on i.id = ii.invoice_id
      join po_items pi on pi.id = ii.po_item_id where pi.purchase_order_id = purchase_orders.id and i.status in (${sql.join([...billingStatuses])})), 0)`,
  }).where("id", "in", orderIds).execute();
  for (const id of orderIds) await rollUpPurchaseOrder(trx, id);
}

/** After the invoice's lines or status changed: its PO lines' billing, then its own matching. */
export async function settleInvoice(trx: DB, invoiceId: number, alsoPoItems: readonly number[] = []): Promise<{ open: number }> {
  const items = await trx.selectFrom("invoice_items").select("po_item_id").where("invoice_id", "=", invoiceId).where("po_item_id", "is not", null).execute();
  await settleBilling(trx, [...new Set([...items.map((i) => i.po_item_id as number), ...alsoPoItems])]);
  return matchInvoice(trx, invoiceId);
}

/** After receiving changed on a PO line: the live invoices billing it are matched again (three-way). */
export async function rematchBillingOf(trx: DB, poItemId: number): Promise<void> {
  const invoices = await trx.selectFrom("invoice_items as ii").innerJoin("invoices as i", "i.id", "ii.invoice_id").select("i.id").distinct()
    .where("ii.po_item_id", "=", poItemId).where("i.status", "in", ["NEW", "PENDING", "APPROVED", "OPEN", "DRAFT"]).execute();
  for (const invoice of invoices) await matchInvoice(trx, invoice.id);
}
