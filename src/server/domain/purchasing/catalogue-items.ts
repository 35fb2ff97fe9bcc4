/**
 * Catalogue items: subsidiary_str lists the names of the subsidiaries the item is offered to; a price is
 * never negative. A purchase-order line naming an item (catalogueDefaults) takes the item's display name
 * and price where it gives none; only an ACTIVE item of the company, priced in the order's currency.
 */
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Ctx, Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";
import { linesOf } from "../../../framework/lines.js";
import purchaseOrders from "../../../../resources/purchase_orders.js";
import { refuseNegative } from "./purchase-orders.js";

export const catalogueItemHooks: ResourceHooks = {
  decorate(rows) {
    for (const row of rows) row.subsidiary_str = ((row.subsidiaries as { name: string }[] | undefined) ?? []).map((s) => s.name).join(", ");
  },
  beforeCreate(data) {
    refuseNegative(data, ["price"]);
  },
  beforeUpdate(data) {
    refuseNegative(data, ["price"]);
  },
};

/** What a purchase-order line must state, by itself or through its catalogue item. */
const lineNeeds = ["description", "unit_price"] as const;
/** line field ← catalogue item field, as the order's lines declare it */
const catalogueFill = linesOf(purchaseOrders, "po_items").fill!.catalogue_item_id;

/**
 * Fill a purchase-order line (`data`, changing `existing` if any) from the catalogue item it names,
 * when that item is newly named; then the line must have a description and a unit price (422).
 */
export async function catalogueDefaults(data: Row, ctx: Ctx, trx: DB, existing: Row = {}): Promise<void> {
  const itemId = data.catalogue_item_id;
  if (itemId != null && itemId !== existing.catalogue_item_id) {
    // the reference check has already refused another company's item
    const item: Row = await trx.selectFrom("catalogue_items").selectAll()
      .where("company_id", "=", ctx.company.id).where("id", "=", itemId as number).executeTakeFirstOrThrow();
    if (item.status !== "ACTIVE") throw unprocessable({ catalogue_item_id: [`${item.display_name} is inactive: choose an active catalogue item`] });
    const order = await trx.selectFrom("purchase_orders").select("currency_code")
      .where("company_id", "=", ctx.company.id).where("id", "=", (data.purchase_order_id ?? existing.purchase_order_id) as number).executeTakeFirstOrThrow();
    if (item.currency_code !== order.currency_code) {
      throw unprocessable({ catalogue_item_id: [`${item.display_name} is priced in ${item.currency_code}, the purchase order is in ${order.currency_code}`] });
    }
    for (const [field, from] of Object.entries(catalogueFill)) data[field] ??= item[from];
  }
  const missing = lineNeeds.filter((field) => (data[field] === undefined ? existing[field] : data[field]) == null);
  if (missing.length) throw unprocessable(Object.fromEntries(missing.map((field) => [field, ["can't be blank"]])));
}
