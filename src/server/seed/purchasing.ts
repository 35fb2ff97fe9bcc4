/**
 * Demo data of the purchasing group, per company: PO details (approval status, subtypes, corporate-card
 * orders, budgets), catalogue items, receipts that agree with the lines' qty_received, inbound receipts,
 * and accruals in every status with requests, blasts (one without vendors, so it can be deleted),
 * entries and invoice matches whose balances add up. Derived totals (qty_received, awaiting_receipt,
 * accrual balances, the accrual summary) are computed by the same SQL the server uses.
 */
import crypto from "node:crypto";
import dayjs from "dayjs";
import { sql } from "kysely";
import { money, round } from "../../framework/money.js";
import type { DB } from "../db/connect.js";
import { nextPeriodStart, postingEntry, reversalOf } from "../domain/accruals/accrual-ledger.js";
import { rollUpAccrualBalance, refreshAccrualSummary } from "../domain/accruals/accruals.js";
import { accountsByNumber, post, type JournalEntry } from "../domain/ledger/ledger.js";
import { consumptionOf } from "../domain/ledger/budget-consumption.js";
import { insertMany } from "./demo.js";
import type { EntitySeed, SeedContext } from "./entities.js";
import { departments, expenseAccounts, poLines } from "./names.js";
import type { Random } from "./random.js";

type Row = Record<string, unknown>;

const day = (offset: number) => dayjs().add(offset, "day").format("YYYY-MM-DD");
const pad = (n: number) => String(n).padStart(5, "0");
const hex = (random: Random, length: number) => Array.from({ length }, () => random.int(0, 15).toString(16)).join("");

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const accountNames: Record<string, string> = {
  "6000": "Office Expenses", "6100": "Professional Services", "6200": "Software", "6300": "Facilities",
  "6400": "Travel", "6500": "Marketing", "6600": "Logistics",
};

interface Po {
  id: number;
  number: string;
  status: string;
  vendor_id: number;
  date: string;
  amount: string;
  department: string | null;
  subsidiary_id: number | null;
}

interface Line {
  id: number;
  purchase_order_id: number;
  quantity: string;
}

async function loadPurchaseOrders(db: DB, context: SeedContext): Promise<{ pos: Po[]; lines: Line[] }> {
  const pos = (await db.selectFrom("purchase_orders").select(["id", "number", "status", "vendor_id", "date", sql<string>`amount::text`.as("amount"), "department", "subsidiary_id"])
    .where("company_id", "=", context.companyId).orderBy("id").execute()) as Po[];
  const lines = (await db.selectFrom("po_items").select(["id", "purchase_order_id", sql<string>`quantity::text`.as("quantity")])
    .where("company_id", "=", context.companyId).orderBy("id").execute()) as Line[];
  return { pos, lines };
}

/** approval_status follows the status; a few subtypes; some approved orders paid by corporate card. */
async function enrichPurchaseOrders(db: DB, context: SeedContext, pos: Po[]): Promise<void> {
  await sql`update purchase_orders set approval_status = case status
      when 'DRAFT' then null when 'PENDING' then 'PENDING' when 'REJECTED' then 'REJECTED' else 'APPROVED' end
    where company_id = ${context.companyId}`.execute(db);
  const { random } = context;
  const groups = new Map<string, number[]>();
  const add = (change: string, id: number) => groups.set(change, [...(groups.get(change) ?? []), id]);
  let approved = 0;
  for (const po of pos) {
    if (random.chance(0.3)) add(`po_subtype=${random.pick(["Inventory", "Project"])}`, po.id);
    // every tenth approved order is paid by corporate card (no card issued yet: /po_requiring_vcards)
    if (["APPROVED", "OPEN"].includes(po.status) && approved++ % 10 === 0) add("po_type=corporate card", po.id);
  }
  for (const [change, ids] of groups) {
    const [field, value] = change.split("=");
    await db.updateTable("purchase_orders").set({ [field]: value }).where("id", "in", ids).execute();
  }
}

/** One budget per department this year (one overspent, one last year's and closed); orders of the department draw on it. */
async function seedBudgets(db: DB, context: SeedContext, pos: Po[]): Promise<void> {
  const { random, companyId, currency } = context;
  const year = dayjs().year();
  const rows = departments.map((department, i) => ({
    company_id: companyId, label: `${department} ${year}`, department, currency_code: currency, amount: "0",
    start_date: `${year}-01-01`, end_date: `${year}-12-31`, status: "ACTIVE", subsidiary_id: context.subsidiaryIds[i % context.subsidiaryIds.length],
  }));
  rows.push({ ...rows[0], label: `${departments[0]} ${year - 1}`, start_date: `${year - 1}-01-01`, end_date: `${year - 1}-12-31`, status: "CLOSED" });
  const ids = (await insertMany(db, "budgets", rows)).map((b) => b.id);
  const drawing = new Map<number, number[]>();
  for (const po of pos) {
    const index = departments.indexOf(po.department ?? "");
    if (index < 0 || po.status === "DRAFT" || !random.chance(0.6)) continue;
    drawing.set(ids[index], [...(drawing.get(ids[index]) ?? []), po.id]);
  }
  for (const [budgetId, poIds] of drawing) await db.updateTable("purchase_orders").set({ budget_id: budgetId }).where("id", "in", poIds).execute();
  // what consumes each budget, by the rule the app reads it with
  const consumed = await consumptionOf(db, companyId, ids);
  const spent = new Map([...consumed].map(([id, c]) => [id, money(c.committed).plus(c.actual)]));
  for (const [i, id] of ids.entries()) {
    // budgets in round thousands with room left, except the second one, which is overspent
    const used = spent.get(id);
    const base = used?.gt(0) ? used : money(random.int(20, 90) * 1000);
    const thousands = base.times(i === 1 ? 0.8 : 1.2 + random.int(0, 60) / 100).dividedBy(1000);
    const amount = (i === 1 ? thousands.floor() : thousands.ceil()).times(1000);
    await db.updateTable("budgets").set({ amount: round(amount.gt(0) ? amount : 50000) }).where("id", "=", id).execute();
  }
}

async function seedCatalogue(db: DB, context: SeedContext): Promise<void> {
  const { random, companyId, currency } = context;
  const kinds = ["Standard", "Premium", "Bulk", "Compact"];
  const rows = poLines.flatMap((line, i) => kinds.slice(0, 2 + (i % 3)).map((kind, k) => ({
    company_id: companyId, external_id: `CAT-${context.companyId}-${i + 1}${k + 1}`, name: `${line} ${kind}`.toLowerCase().replace(/\s+/g, "_"),
    display_name: `${line} — ${kind}`, price: round(random.int(500, 150000) / 100), currency_code: currency,
    item_type: /hours|service|subscription/i.test(line) ? "Service" : random.pick(["Inventory", "Non-Inventory", "Others"]),
    subsidiary_ids: context.subsidiaryIds.filter(() => random.chance(0.6)),
    cogs_account_number: random.pick(expenseAccounts),
    invoice_debit_accounts: JSON.stringify([{ account_name: accountNames[random.pick(expenseAccounts)], department_name: random.pick(departments) }]),
    cost_category_name: random.pick(["IT", "Office", "Services", "Facilities"]), status: random.chance(0.85) ? "ACTIVE" : "INACTIVE",
    description: `${kind} ${line.toLowerCase()}`,
  })));
  await insertMany(db, "catalogue_items", rows);
}

/**
 * Receipts: closed orders were received in full on one submitted receipt; about half of the approved
 * and open orders have one or two receipts over part of their lines. qty_received is then the sum.
 */
async function seedReceipts(db: DB, context: SeedContext, pos: Po[], lines: Line[]): Promise<void> {
  const { random, companyId } = context;
  const receiver = context.contactIds.get("receiving@acme.test") ?? [...context.contactIds.values()][0];
  const invoices = await db.selectFrom("invoices").select(["id", "vendor_id", "purchase_order_ids"]).where("company_id", "=", companyId)
    .where(sql<boolean>`cardinality(purchase_order_ids) > 0`).execute();
  const invoiceOf = new Map<number, number>();
  for (const invoice of invoices) for (const poId of invoice.purchase_order_ids) invoiceOf.set(poId, invoice.id);
  const linesOf = new Map<number, Line[]>();
  for (const line of lines) linesOf.set(line.purchase_order_id, [...(linesOf.get(line.purchase_order_id) ?? []), line]);

  const receipts: Row[] = [];
  const items: { receipt: number; po_item_id: number; quantity: string }[] = [];
  const received = new Map<number, number>();
  for (const po of pos) {
    const full = po.status === "CLOSED";
    if (!full && !(["APPROVED", "OPEN"].includes(po.status) && random.chance(0.5))) continue;
    const count = full ? 1 : random.int(1, 2);
    for (let r = 0; r < count; r++) {
      const index = receipts.length;
      const date = dayjs(po.date).add(random.int(3, 20) * (r + 1), "day");
      receipts.push({
        company_id: companyId, number: `RCV-${pad(index + 1)}`, purchase_order_id: po.id, vendor_id: po.vendor_id,
        invoice_id: invoiceOf.get(po.id) ?? null, received_date: (date.isAfter(dayjs()) ? dayjs() : date).format("YYYY-MM-DD"),
        status: full || r === 0 ? "SUBMITTED" : random.pick(["DRAFT", "SUBMITTED"]), received_by_contact_id: receiver ?? null,
        notes: random.chance(0.3) ? random.pick(["Boxes damaged, contents fine", "Partial delivery", "Left at the front desk", "Checked against packing slip"]) : null,
      });
      for (const line of linesOf.get(po.id) ?? []) {
        const open = Number(line.quantity) - (received.get(line.id) ?? 0);
        const quantity = full ? open : random.chance(0.3) ? 0 : random.int(1, Math.max(1, Math.floor(open / (count - r))));
        if (quantity <= 0 || quantity > open) continue;
        received.set(line.id, (received.get(line.id) ?? 0) + quantity);
        items.push({ receipt: index, po_item_id: line.id, quantity: String(quantity) });
      }
    }
  }
  const ids = (await insertMany(db, "receipts", receipts)).map((r) => r.id);
  await insertMany(db, "receipt_items", items.map((i) => ({ company_id: companyId, receipt_id: ids[i.receipt], po_item_id: i.po_item_id, quantity: i.quantity })));
  // the same rule as the server: a line's qty_received is the sum of its receipt items
  await sql`update po_items p set qty_received = r.total
    from (select po_item_id, sum(quantity) as total from receipt_items where company_id = ${companyId} group by po_item_id) r
    where p.id = r.po_item_id`.execute(db);
  await sql`update purchase_orders o set awaiting_receipt = true
    from (select distinct purchase_order_id from po_items where company_id = ${companyId} and qty_received < quantity) p
    where o.id = p.purchase_order_id`.execute(db);
}

async function seedInboundReceipts(db: DB, context: SeedContext, pos: Po[]): Promise<void> {
  const { random, companyId } = context;
  const statuses = ["EXPECTED", "SHIPPED", "RECEIVED", "CANCELLED"];
  const active = pos.filter((p) => ["APPROVED", "OPEN"].includes(p.status));
  const rows = active.filter(() => random.chance(0.35)).map((po, i) => ({
    company_id: companyId, number: `ASN-${context.companyId}${pad(i + 1)}`, vendor_id: po.vendor_id, purchase_order_id: po.id,
    expected_date: day(random.int(-10, 20)), status: statuses[i % statuses.length],
    carrier: random.pick(["UPS", "FedEx", "DHL", "USPS", "Freight"]), tracking_number: random.chance(0.8) ? `1Z${hex(random, 14).toUpperCase()}` : null,
  }));
  await insertMany(db, "inbound_receipts", rows);
}

interface Vendors {
  withInvoices: number[];
  invoicesOf: Map<number, number[]>;
  contactOf: Map<number, number>;
}

async function vendorFacts(db: DB, context: SeedContext): Promise<Vendors> {
  const invoices = await db.selectFrom("invoices").select(["id", "vendor_id"]).where("company_id", "=", context.companyId).orderBy("id").execute();
  const invoicesOf = new Map<number, number[]>();
  for (const i of invoices) invoicesOf.set(i.vendor_id, [...(invoicesOf.get(i.vendor_id) ?? []), i.id]);
  const contacts = await db.selectFrom("contacts").select(["id", "vendor_id"]).where("company_id", "=", context.companyId)
    .where("contact_type", "=", "VENDOR").orderBy("id").execute();
  const contactOf = new Map<number, number>();
  for (const c of contacts) if (!contactOf.has(c.vendor_id as number)) contactOf.set(c.vendor_id as number, c.id);
  return { withInvoices: [...invoicesOf.keys()].sort((a, b) => a - b), invoicesOf, contactOf };
}

/**
 * Accrual requests, blasts with entries, accruals in every status (from requests, blasts, purchase
 * orders and by hand), and invoice matches; then balances, PO accrual balances and the summary.
 */
async function seedAccruals(db: DB, context: SeedContext, pos: Po[]): Promise<void> {
  const { random, companyId, currency } = context;
  const vendors = await vendorFacts(db, context);
  const staff = (await db.selectFrom("contacts").select("id").where("company_id", "=", companyId).where("contact_type", "=", "COMPANY")
    .where("user_id", "is not", null).orderBy("id").execute()).map((c) => c.id);
  const admin = context.contactIds.get("admin@acme.test") ?? context.contactIds.get("admin@globex.test") ?? staff[0];
  const accruals: Row[] = [];
  const accrual = (fields: Row) => {
    const account = random.pick(expenseAccounts);
    accruals.push({
      company_id: companyId, number: `ACR-${context.companyId}${pad(accruals.length + 1)}`, currency_code: currency,
      account_number: account, account_name: accountNames[account], subsidiary_id: random.pick(context.subsidiaryIds),
      auto_reverse: random.chance(0.4), is_system_error: random.chance(0.05), submitter_type: "COMPANY", submitter_contact_id: admin,
      amount: round(random.int(20000, 1500000) / 100), ...fields,
    });
    return accruals.length - 1;
  };
  const statuses = ["NEW", "PENDING", "APPROVED", "OPEN", "CLOSED", "REJECTED"];
  const types = ["Vendor", "General", "Bonus", "Payroll", "Vacation", "Reversed", "Closed"];

  // requests: the submitted ones were answered with an accrual or "no accrual needed"
  const requestStatuses = ["NEW", "SENT", "SENT", "SUBMITTED", "SUBMITTED", "CLOSED"];
  const requests = Array.from({ length: 24 }, (_, i) => {
    const status = requestStatuses[i % requestStatuses.length];
    const month = dayjs().subtract(random.int(0, 4), "month");
    return {
      company_id: companyId, number: `AR-${context.companyId}${pad(i + 1)}`, status, vendor_id: random.pick(vendors.withInvoices),
      purchaser_id: random.pick(staff), service_date: month.endOf("month").format("YYYY-MM-DD"),
      start_date: month.startOf("month").format("YYYY-MM-DD"), end_date: month.endOf("month").format("YYYY-MM-DD"),
      message_status: status === "NEW" ? "not sent" : random.pick(["sent", "delivered", "opened", "opened", "bounced", "withheld"]),
      token: status === "CLOSED" ? null : hex(random, 32), no_accrual_needed: status === "SUBMITTED" && i % 4 === 0,
    };
  });
  const requestIds = (await insertMany(db, "accrual_requests", requests)).map((r) => r.id);
  requests.forEach((request, i) => {
    if ((request.status === "SUBMITTED" && !request.no_accrual_needed) || request.status === "CLOSED") {
      accrual({
        vendor_id: request.vendor_id, date: request.service_date, accrual_type: "Vendor", accrual_request_id: requestIds[i],
        status: request.status === "CLOSED" ? "CLOSED" : random.pick(["NEW", "PENDING", "APPROVED", "OPEN"]),
        submitter_type: "VENDOR", submitter_contact_id: vendors.contactOf.get(request.vendor_id) ?? null,
        description: `Services ${dayjs(request.start_date).format("MMM YYYY")}`,
      });
    }
  });

  // blasts: booked and closed campaigns, the current one, and an inactive one without vendors
  const blastSpecs = [
    { label: "Quarter-end accruals", status: "BOOKED", months: 3, vendors: 8, option: "Vendor" },
    { label: "Month-end accruals", status: "CLOSED", months: 1, vendors: 6, option: "PurchaseOrder" },
    { label: "Current month accruals", status: "ACTIVE", months: 0, vendors: 10, option: "Vendor" },
    { label: "Year-end planning", status: "INACTIVE", months: -1, vendors: 0, option: "PoItem" },
  ];
  const blastIds = (await insertMany(db, "accrual_blasts", blastSpecs.map((b, i) => {
    const month = dayjs().subtract(b.months, "month");
    return {
      company_id: companyId, number: `AB-${pad(i + 1)}`, label: b.label, status: b.status, accrual_option: b.option, booker_contact_id: admin,
      start_date: month.startOf("month").format("YYYY-MM-DD"), end_date: month.endOf("month").format("YYYY-MM-DD"),
      close_date: month.endOf("month").add(10, "day").format("YYYY-MM-DD"),
    };
  }))).map((b) => b.id);
  const entries: Row[] = [];
  blastSpecs.forEach((spec, b) => {
    const chosen = shuffled(random, vendors.withInvoices).slice(0, spec.vendors);
    for (const vendorId of chosen) {
      const status = spec.status === "ACTIVE" ? random.pick(["NEW", "SENT", "SENT", "RESPONDED", "NO ACCRUAL"]) : random.pick(["RESPONDED", "RESPONDED", "RESPONDED", "NO ACCRUAL"]);
      const entry: Row = { company_id: companyId, accrual_blast_id: blastIds[b], vendor_id: vendorId, status, response_amount: null };
      if (status === "RESPONDED") {
        const index = accrual({
          vendor_id: vendorId, date: dayjs().subtract(spec.months, "month").endOf("month").format("YYYY-MM-DD"), accrual_blast_id: blastIds[b],
          accrual_type: spec.option === "PurchaseOrder" ? "PurchaseOrder" : "Vendor", submitter_type: "VENDOR",
          submitter_contact_id: vendors.contactOf.get(vendorId) ?? null, description: spec.label,
          status: spec.status === "BOOKED" ? random.pick(["OPEN", "CLOSED"]) : spec.status === "CLOSED" ? random.pick(["APPROVED", "OPEN", "CLOSED"]) : random.pick(["NEW", "PENDING"]),
        });
        entry.response_amount = accruals[index].amount;
      }
      entries.push(entry);
    }
  });
  await insertMany(db, "accrual_entries", entries);

  // purchase-order accruals and hand-made ones, so that every status and type appears
  for (const po of pos.filter((p) => ["APPROVED", "OPEN"].includes(p.status)).slice(0, 12)) {
    accrual({ vendor_id: po.vendor_id, purchase_order_id: po.id, date: day(-random.int(0, 60)), accrual_type: random.pick(["PurchaseOrder", "PoItem"]), status: random.pick(["APPROVED", "OPEN", "OPEN", "CLOSED"]), description: `Goods received not invoiced, ${po.number}` });
  }
  for (let i = 0; i < 30; i++) {
    accrual({ vendor_id: random.pick(vendors.withInvoices), date: day(-random.int(0, 150)), accrual_type: types[i % types.length], status: statuses[i % statuses.length], description: `${random.pick(poLines)} accrual` });
  }
  const accrualIds = (await insertMany(db, "accruals", accruals.map((a) => ({ ...a, balance: a.amount })))).map((a) => a.id);
  // each answered request and each responding vendor of a blast has exactly one accrual pointing back
  await sql`update accrual_requests r set accrual_id = a.id from accruals a where a.accrual_request_id = r.id and r.company_id = ${companyId}`.execute(db);
  await sql`update accrual_entries e set accrual_id = a.id from accruals a
    where a.accrual_blast_id = e.accrual_blast_id and a.vendor_id = e.vendor_id and e.status = 'RESPONDED' and e.company_id = ${companyId}`.execute(db);

  // invoices of the same vendor match booked accruals: closed ones often in full, open ones in part
  const links: Row[] = [];
  accruals.forEach((a, i) => {
    const invoices = vendors.invoicesOf.get(a.vendor_id as number) ?? [];
    if (!["APPROVED", "OPEN", "CLOSED"].includes(String(a.status)) || invoices.length === 0 || random.chance(0.3)) return;
    const share = a.status === "CLOSED" && random.chance(0.6) ? 100 : random.int(20, 80);
    const first = round(money(String(a.amount)).times(share).dividedBy(100));
    const split = invoices.length > 1 && random.chance(0.4) ? round(money(first).times(random.int(30, 70)).dividedBy(100)) : null;
    const parts = split ? [split, round(money(first).minus(split))] : [first];
    parts.forEach((amount, p) => links.push({ company_id: companyId, accrual_id: accrualIds[i], invoice_id: invoices[(i + p) % invoices.length], amount }));
  });
  await insertMany(db, "accrual_invoice_links", links);
  await sql`update accruals a set balance = a.amount - l.total
    from (select accrual_id, sum(amount) as total from accrual_invoice_links where company_id = ${companyId} group by accrual_id) l
    where a.id = l.accrual_id`.execute(db);
  for (const poId of new Set(accruals.map((a) => a.purchase_order_id).filter(Boolean))) await rollUpAccrualBalance(db, poId as number);
  await bookAccruals(db, companyId);
  await refreshAccrualSummary(db, companyId);
}

/**
 * Open and closed accruals are on the books as the application puts them there (accrual-ledger.ts):
 * posted on their date; an auto-reversing one reversed on day 1 of its next period once that has come;
 * a closed one not reversed released on that day too (or today, if sooner).
 */
async function bookAccruals(db: DB, companyId: number): Promise<void> {
  const today = dayjs().format("YYYY-MM-DD");
  const accounts = await accountsByNumber(db, companyId);
  const booked = await db.selectFrom("accruals").select(["id", "number", "amount", "date", "account_number", "auto_reverse", "status"])
    .where("company_id", "=", companyId).where("status", "in", ["OPEN", "CLOSED"]).where("account_number", "is not", null).orderBy("id").execute();
  const entries: JournalEntry[] = [];
  for (const accrual of booked) {
    const posting = postingEntry(companyId, accrual, accounts);
    const next = nextPeriodStart(String(accrual.date));
    const reversed = accrual.auto_reverse && next <= today ? next : null;
    const closed = accrual.status === "CLOSED" ? (reversed ?? (next <= today ? next : today)) : null;
    entries.push(posting);
    if (reversed) entries.push(reversalOf(companyId, posting, 2, reversed, "Reversal"));
    else if (closed) entries.push(reversalOf(companyId, posting, 2, closed, "Close"));
    await db.updateTable("accruals").set({ posted_on: posting.date, reversed_on: reversed, closed_on: closed }).where("id", "=", accrual.id).execute();
  }
  await post(db, companyId, entries);
}

/**
 * A punchout supplier as an administrator would set one up, left disabled: punchout needs the
 * supplier's site to answer, which a demo cannot promise (docs/punchout.md "Setting up a real supplier").
 */
async function seedPunchoutSupplier(db: DB, context: SeedContext): Promise<void> {
  await insertMany(db, "punchout_suppliers", [{
    company_id: context.companyId, name: "Example office supplies (set up, not enabled)", provider: "example", vendor_id: context.vendorIds[0],
    setup_url: "https://punchout.example.com/cxml/setup", from_domain: "NetworkID", from_identity: `buyer-${context.companyId}`,
    to_domain: "DUNS", to_identity: "123456789", shared_secret: crypto.randomBytes(16).toString("hex"), enabled: false,
  }]);
}

export const seedPurchasing: EntitySeed = async (db, context) => {
  const { pos, lines } = await loadPurchaseOrders(db, context);
  await enrichPurchaseOrders(db, context, pos);
  await seedBudgets(db, context, pos);
  await seedCatalogue(db, context);
  await seedReceipts(db, context, pos, lines);
  await seedInboundReceipts(db, context, pos);
  await seedAccruals(db, context, pos);
  await seedPunchoutSupplier(db, context);
};
