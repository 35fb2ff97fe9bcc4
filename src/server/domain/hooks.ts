/**
 * Named server behaviour of resources, keyed by resource name. Declarations stay data; what a
 * resource does beyond the generic create/read/update/delete lives in these hooks.
 */
import { tableOf, type ResourceDef } from "../../framework/resource.js";
import type { DB } from "../db/connect.js";
import type { Ctx, Row } from "../resources/context.js";
import { approvalHooks } from "./approvals.js";
import { invoiceRequestHooks } from "./invoice_requests.js";
import { invoiceHooks } from "./invoices.js";
import { currencyHooks, nachaPaymentHooks, paymentHooks } from "./payments.js";
import { paymentMethodHooks } from "./payment_methods.js";
import { poItemHooks } from "./po_items.js";
import { purchaseOrderHooks } from "./purchase_orders.js";
import { recurringInvoiceHooks } from "./recurring_invoices.js";
import { userHooks } from "./users.js";
import { vendorHooks } from "./vendors.js";

export interface ResourceHooks {
  /** add the resource's computed fields to rows about to be returned */
  decorate?(rows: Row[], ctx: Ctx): Promise<void> | void;
  /** complete (server fields) and check a new row inside the write transaction */
  beforeCreate?(data: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  beforeUpdate?(data: Row, existing: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** after insert/update/delete, in the same transaction (e.g. roll totals up to a parent) */
  afterWrite?(row: Row, ctx: Ctx, trx: DB): Promise<void> | void;
  /** replaces the generic insert, e.g. when a create spans several tables */
  insert?(data: Row, ctx: Ctx, trx: DB): Promise<Row>;
}

const hooks: Record<string, ResourceHooks> = {
  invoices: invoiceHooks,
  vendors: vendorHooks,
  purchase_orders: purchaseOrderHooks,
  po_items: poItemHooks,
  users: userHooks,
  approvals: approvalHooks,
  payments: paymentHooks,
  payment_methods: paymentMethodHooks,
  payment_runs: currencyHooks,
  edi_payments: currencyHooks,
  nacha_payments: nachaPaymentHooks,
  invoice_requests: invoiceRequestHooks,
  recurring_invoices: recurringInvoiceHooks,
};

/** A resource's hooks; a view of another resource's table shares that resource's hooks. */
export function hooksOf(resource: ResourceDef): ResourceHooks {
  return hooks[resource.name] ?? hooks[tableOf(resource)] ?? {};
}
