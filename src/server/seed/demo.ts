/**
 * Demo data for an empty database (never in production): two companies, the demo logins, and per
 * company 60 vendors, 500 invoices over every status and 200 purchase orders with lines.
 * The content is deterministic; dates are laid around today so that due statuses stay meaningful.
 */
import dayjs from "dayjs";
import { sql } from "kysely";
import { invoiceStatuses } from "../../../resources/invoices.js";
import { moduleNames } from "../../framework/roles.js";
import { money, round } from "../../framework/money.js";
import { billingStatuses } from "../domain/purchasing/invoice-matching.js";
import { type DB, untyped } from "../db/connect.js";
import { hashPassword } from "../domain/identity/passwords.js";
import { departments, expenseAccounts, firstNames, lastNames, poLines, vendorKinds, vendorWords } from "./names.js";
import { entitySeeds, type SeedContext } from "./entities.js";
import { seeded, type Random } from "./random.js";
import { seedExchangeRates } from "./exchange-rates.js";

export const demoPassword = "Demo!2026pass";

export const demoLogins = [
  { email: "admin@acme.test", role: "admin", company: "Acme Corp" },
  { email: "readonly@acme.test", role: "admin_readonly", company: "Acme Corp" },
  { email: "approver@acme.test", role: "manager", company: "Acme Corp" },
  { email: "po@acme.test", role: "po_manager", company: "Acme Corp" },
  { email: "receiving@acme.test", role: "rcv_manager", company: "Acme Corp" },
  { email: "staff@acme.test", role: "staff", company: "Acme Corp" },
  { email: "ap@acme.test", role: "ap_role", company: "Acme Corp" },
  { email: "vendor@northwind.test", role: "vendor", company: "Acme Corp" },
  { email: "admin@globex.test", role: "admin", company: "Globex Ltd" },
] as const;

/**
 * Demo logins that are also a contact at another company: the demo vendor supplies both purchasers
 * (each keeps its own "Northwind Supplies" vendor record), so the portal's purchaser switcher changes data.
 */
const alsoAt: Readonly<Record<string, readonly string[]>> = { "vendor@northwind.test": ["Globex Ltd"] };
const loginsOf = (company: string) => demoLogins.filter((l) => l.company === company || alsoAt[l.email]?.includes(company));

const companies = [
  { name: "Acme Corp", currency_code: "USD", company_date_format: "MM/DD/YYYY", country: "US", seed: 1 },
  { name: "Globex Ltd", currency_code: "EUR", company_date_format: "DD/MM/YYYY", country: "DE", seed: 2 },
] as const;

const vendorsPerCompany = 60;
const invoicesPerCompany = 500;
const purchaseOrdersPerCompany = 200;

const day = (offset: number) => dayjs().add(offset, "day").format("YYYY-MM-DD");

export async function insertMany(db: DB, table: string, rows: Record<string, unknown>[]): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += 400) {
    out.push(...((await untyped(db).insertInto(table).values(rows.slice(i, i + 400)).returning("id").execute()) as { id: number }[]));
  }
  return out;
}

function splitAmount(random: Random, amount: string): { account_number: string; amount: string; department: string }[] {
  if (random.chance(0.6)) return [{ account_number: random.pick(expenseAccounts), amount, department: random.pick(departments) }];
  const first = round(money(amount).times(random.int(20, 80)).dividedBy(100));
  return [
    { account_number: random.pick(expenseAccounts), amount: first, department: random.pick(departments) },
    { account_number: random.pick(expenseAccounts), amount: round(money(amount).minus(first)), department: random.pick(departments) },
  ];
}

async function seedCompany(db: DB, spec: (typeof companies)[number], users: Map<string, number>): Promise<SeedContext> {
  const random = seeded(spec.seed);
  const company = await db.insertInto("companies").values({
    name: spec.name, currency_code: spec.currency_code, company_date_format: spec.company_date_format,
    module_settings: JSON.stringify(Object.fromEntries(moduleNames.map((m) => [m, true]))),
    accepted_payment_methods: ["ach", "check", "wire"], has_payment_workflow: true,
    // the demo's invoices (and the fixtures tests add) repeat vendor, amount and date: their duplicate hold is
    // switched on where it is shown (docs/payables.md), a new company has it on
    hold_suspected_duplicates: false,
  }).returning("id").executeTakeFirstOrThrow();
  const companyId = company.id;

  // "Headquarters", not "HQ": a name reads in words (HQ is also the code of the subsidiary type)
  await insertMany(db, "subsidiaries", ["Headquarters", "East", "West"].map((region, i) => ({
    company_id: companyId, name: `${spec.name.split(" ")[0]} ${region}`, external_id: `SUB-${i + 1}`, sub_type: "HQ",
    country: spec.country, currency_code: spec.currency_code, exchange_rate: "1",
  })));
  await seedExchangeRates(db, companyId, spec.currency_code);
  const subsidiaryIds = (await db.selectFrom("subsidiaries").select("id").where("company_id", "=", companyId).execute()).map((s) => s.id);

  const vendorNames = new Set<string>(["Northwind Supplies"]);
  while (vendorNames.size < vendorsPerCompany) vendorNames.add(`${random.pick(vendorWords)} ${random.pick(vendorKinds)}`);
  const vendorRows = [...vendorNames].sort().map((name, i) => ({
    company_id: companyId, name, vendor_id: `V${String(i + 1).padStart(4, "0")}`,
    status: random.chance(0.9) ? "ACTIVE" : random.pick(["NEW", "PENDING", "INACTIVE"]),
    vendor_type: random.chance(0.9) ? "COMPANY" : "EMPLOYEE", term_code: random.pick(["NET 30", "NET 15", "NET 45", "Due on Receipt", "NET 60"]),
    has_w9: random.chance(0.7), is_1099_eligible: random.chance(0.3), currency_code: spec.currency_code,
    // every third US vendor with an EIN (the format the tax id check wants); the others' are still to be collected
    tax_id: spec.country === "US" && i % 3 === 0 ? `${String(10 + i).padStart(2, "0")}-${String(4000000 + i * 7919).slice(-7)}` : null,
    email: `billing@${name.toLowerCase().replace(/[^a-z]+/g, "")}.test`, country: spec.country, city: random.pick(["Springfield", "Riverton", "Lakeside", "Fairview"]),
  }));
  const vendorIds = (await insertMany(db, "vendors", vendorRows)).map((v) => v.id);
  const vendorIdByName = new Map(vendorRows.map((v, i) => [v.name, vendorIds[i]]));

  // staff contacts (with logins) and vendor contacts
  const contacts = loginsOf(spec.name).map((login) => {
    const [first] = login.email.split("@");
    return {
      company_id: companyId, first_name: first.charAt(0).toUpperCase() + first.slice(1), last_name: login.role === "vendor" ? "Northwind" : spec.name.split(" ")[0],
      email: login.email, contact_type: login.role === "vendor" ? "VENDOR" : "COMPANY", role: login.role, user_id: users.get(login.email),
      vendor_id: login.role === "vendor" ? vendorIdByName.get("Northwind Supplies") : null, source: "COMPANY",
      company_roles: login.role === "manager" ? ["APPROVER"] : [], vendor_roles: login.role === "vendor" ? ["PRIMARY", "INVOICE_REQUEST"] : [],
    };
  });
  for (const vendorId of vendorIds.slice(0, 30)) {
    contacts.push({
      company_id: companyId, first_name: random.pick(firstNames), last_name: random.pick(lastNames), email: null as never,
      contact_type: "VENDOR", role: null as never, user_id: undefined, vendor_id: vendorId, source: random.chance(0.5) ? "COMPANY" : "VENDOR",
      company_roles: [], vendor_roles: ["PRIMARY"],
    });
  }
  await insertMany(db, "contacts", contacts.map((c) => ({ ...c, user_id: c.user_id ?? null })));
  // the company's manager manages its staff and AP clerk (an OTHER workflow step asks the requester's manager)
  const manager = demoLogins.find((l) => l.company === spec.name && l.role === "manager");
  if (manager) {
    await db.updateTable("contacts").set({ manager_id: db.selectFrom("contacts").select("id").where("company_id", "=", companyId).where("email", "=", manager.email) })
      .where("company_id", "=", companyId).where("role", "in", ["staff", "ap_role"]).execute();
  }
  const apUser = users.get("ap@acme.test");

  // purchase orders with lines
  const poStatuses = ["DRAFT", "PENDING", "APPROVED", "OPEN", "OPEN", "CLOSED", "REJECTED"];
  const poRows: Record<string, unknown>[] & { vendor_id: number; status: string }[] = [];
  const poLinesByIndex: { description: string; quantity: string; unit_price: string; amount: string }[][] = [];
  for (let i = 0; i < purchaseOrdersPerCompany; i++) {
    const lines = Array.from({ length: random.int(1, 4) }, () => {
      const quantity = String(random.int(1, 20));
      const unitPrice = round(random.int(500, 250000) / 100);
      return { description: random.pick(poLines), quantity, unit_price: unitPrice, amount: round(money(quantity).times(unitPrice)) };
    });
    poLinesByIndex.push(lines);
    const amount = round(lines.reduce((t, l) => t.plus(l.amount), money(0)));
    // the demo vendor has an approved and an open order to acknowledge in the portal (the random draws stay as they were)
    const picked = random.pick(poStatuses);
    const status = i < 2 ? (["APPROVED", "OPEN"] as const)[i] : picked;
    const vendorId = random.pick(vendorIds);
    poRows.push({
      company_id: companyId, number: `PO-${spec.seed}${String(i + 1).padStart(5, "0")}`, vendor_id: i < 2 ? vendorIdByName.get("Northwind Supplies")! : vendorId,
      subsidiary_id: random.pick(subsidiaryIds), date: day(-random.int(0, 180)), amount, currency_code: spec.currency_code,
      open_balance: status === "CLOSED" ? "0.00" : amount, status, department: random.pick(departments), po_type: "single vendor",
      description: `${lines[0].description} for ${random.pick(departments)}`,
    });
  }
  const poIds = (await insertMany(db, "purchase_orders", poRows)).map((p) => p.id);
  await insertMany(db, "po_items", poIds.flatMap((poId, i) => poLinesByIndex[i].map((line, n) => ({
    company_id: companyId, purchase_order_id: poId, line: n + 1, ...line,
    qty_received: poRows[i].status === "CLOSED" ? line.quantity : "0", qty_billed: poRows[i].status === "CLOSED" ? line.quantity : "0",
  }))));

  // invoices over every status, balances consistent with their status
  const statuses = invoiceStatuses.values.map((s) => s.code);
  const invoiceRows = [];
  const billedOnOrder = poRows.map(() => money(0));
  for (let i = 0; i < invoicesPerCompany; i++) {
    const status = statuses[i % statuses.length];
    const amount = round(random.chance(0.4) ? random.int(5000, 99900) / 100 : random.chance(0.7) ? random.int(100000, 999900) / 100 : random.int(1000000, 4500000) / 100);
    const paid = status === "PAID" || status === "CLOSED" ? amount : status === "OPEN" ? round(money(amount).times(random.int(20, 70)).dividedBy(100)) : "0.00";
    const balance = round(money(amount).minus(paid));
    const date = -random.int(0, 120);
    // an invoice is linked to a purchase order it stays within, with what is already billed on it (invoice-matching.ts)
    const candidate = random.chance(0.3) ? random.int(0, poIds.length - 1) : -1;
    const poIndex = candidate >= 0 && billedOnOrder[candidate].plus(amount).lte(String(poRows[candidate].amount)) && billingStatuses.some((s) => s === status) ? candidate : -1;
    if (poIndex >= 0) billedOnOrder[poIndex] = billedOnOrder[poIndex].plus(amount);
    invoiceRows.push({
      company_id: companyId, number: `INV-${spec.seed}${String(i + 1).padStart(5, "0")}`,
      vendor_id: poIndex >= 0 ? poRows[poIndex].vendor_id : random.pick(vendorIds), subsidiary_id: random.pick(subsidiaryIds),
      purchase_order_ids: poIndex >= 0 ? [poIds[poIndex]] : [],
      po_matching: poIndex >= 0 ? "MATCHED" : "NO_LINKED", date: day(date), due_date: day(date + random.pick([15, 30, 45, 60])),
      submit_date: status === "DRAFT" ? null : day(date + 1), amount, currency_code: spec.currency_code, status,
      term_code: "NET 30", description: `${random.pick(poLines)} — ${random.pick(departments)}`, department: random.pick(departments),
      debit_entries: JSON.stringify(status === "DRAFT" && random.chance(0.5) ? [] : splitAmount(random, amount)),
      payments_sum: paid, balance_outstanding: balance, outstanding_balance_pending: balance, created_by_id: apUser ?? null,
    });
  }
  const invoiceIds = (await insertMany(db, "invoices", invoiceRows)).map((i) => i.id);
  const contactIds = new Map((await db.selectFrom("contacts").select(["id", "email"]).where("company_id", "=", companyId).where("user_id", "is not", null).execute())
    .map((c) => [c.email as string, c.id]));
  return { companyId, currency: spec.currency_code, country: spec.country, random, users, contactIds, vendorIds, subsidiaryIds, purchaseOrderIds: poIds, invoiceIds };
}

export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom("companies").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Does any demo login (published password) exist in this database? */
export async function hasDemoLogins(db: DB): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("email", "in", demoLogins.map((l) => l.email)).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function seedDemo(db: DB): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction().execute(async (trx) => {
    const users = new Map<string, number>();
    for (const login of demoLogins) {
      const [local] = login.email.split("@");
      const user = await trx.insertInto("users").values({
        email: login.email, name: `${local.charAt(0).toUpperCase()}${local.slice(1)} ${login.company.split(" ")[0]}`, password_hash: passwordHash,
        date_accepted_term: new Date(), version_accepted_term: 1,
      }).returning("id").executeTakeFirstOrThrow();
      users.set(login.email, user.id);
    }
    const companyIds = new Map<string, number>();
    for (const spec of companies) {
      const context = await seedCompany(trx, spec, users);
      for (const seed of entitySeeds) await seed(trx, context);
      companyIds.set(spec.name, context.companyId);
    }
    for (const login of demoLogins) {
      await trx.updateTable("users").set({ current_company_id: companyIds.get(login.company)! }).where("email", "=", login.email).execute();
    }
  });
}
