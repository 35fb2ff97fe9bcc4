/**
 * Demo data of payables and payments, consistent with the invoices of the company:
 * - payment methods (vendors of every type, two originating accounts of the company, employees);
 * - for every invoice with payments_sum > 0, payments and links whose settled amounts add up exactly
 *   to payments_sum (some parts settled by vendor credits), plus scheduled payments that lower the
 *   pending balance of approved invoices and void/failed attempts that count for nothing;
 * - vendor credits over every status, payment runs with batches and invoice rows, NACHA and EDI
 *   files, invoice requests, recurring invoices, and the approvals of invoices, payments, credits and runs.
 * The invariants are the ones of src/server/domain/payments/payments.ts (settledStatuses, scheduledStatuses).
 */
import dayjs from "dayjs";
import { abaCheckDigit, composeIban } from "../domain/payments/bank.js";
import { money, round } from "../../framework/money.js";
import type { DB } from "../db/connect.js";
import { insertMany } from "./demo.js";
import { originatingBankAccounts } from "./ledger.js";
import type { EntitySeed, SeedContext } from "./entities.js";
import { departments, expenseAccounts } from "./names.js";
import type { Random } from "./random.js";

type Row = Record<string, unknown>;

const today = dayjs().format("YYYY-MM-DD");
const day = (offset: number) => dayjs().add(offset, "day").format("YYYY-MM-DD");
const at = (date: string, hour = 10) => dayjs(date).hour(hour).toDate();
const notAfterToday = (date: string) => (date > today ? today : date);
const addDays = (date: string, days: number) => notAfterToday(dayjs(date).add(days, "day").format("YYYY-MM-DD"));
const digits = (random: Random, n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join("");

function routingNumber(random: Random): string {
  const first8 = `${String(random.int(1, 12)).padStart(2, "0")}${digits(random, 6)}`;
  return `${first8}${abaCheckDigit(first8)}`;
}

function iban(country: string, bban: string): string {
  const composed = composeIban(country, bban);
  if (!composed) throw new Error(`seed: ${bban} is no BBAN of ${country}`);
  return composed;
}

const token = (random: Random) => Array.from({ length: 32 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[random.int(0, 63)]).join("");

interface Invoice {
  id: number;
  number: string;
  vendor_id: number;
  subsidiary_id: number | null;
  status: string;
  date: string;
  amount: string;
  payments_sum: string;
  balance_outstanding: string;
}

interface Link { invoice: Invoice; amount: string }

interface Seeded {
  context: SeedContext;
  db: DB;
  /** the approver of this company's demo workflows, and who keys in and submits */
  approverId: number;
  clerkId: number;
}

// ---------------------------------------------------------------- payment methods

interface Methods {
  /** vendor id → its default method */
  byVendor: Map<number, Row & { id: number; payment_type: string }>;
  /** the company's originating accounts: [main, second] */
  from: (Row & { id: number })[];
}

async function seedPaymentMethods({ db, context }: Seeded): Promise<Methods> {
  const { random, companyId, currency } = context;
  const us = context.country === "US";
  const company: Row[] = us
    ? [
      { name: "Operating account (Chase)", payment_type: "ach", bank_name: "JPMorgan Chase Bank", routing: "021000021", account_number: `4${digits(random, 9)}`, nacha_company_id: `1${digits(random, 9)}`, nacha_company_name: "ACME CORP", immediate_origin: ` ${`1${digits(random, 8)}`}`, immediate_destination: " 021000021" },
      { name: "Disbursement account (Wells Fargo)", payment_type: "ach", bank_name: "Wells Fargo Bank", routing: "121000248", account_number: `7${digits(random, 9)}`, nacha_company_id: `1${digits(random, 9)}`, nacha_company_name: "ACME CORP AP", immediate_origin: ` ${`1${digits(random, 8)}`}`, immediate_destination: " 121000248" },
    ]
    : [
      { name: "Hauptkonto (Deutsche Bank)", payment_type: "sepa", bank_name: "Deutsche Bank", iban: iban("DE", `10070000${digits(random, 10)}`), bic: "DEUTDEBBXXX" },
      { name: "Zahlungskonto (Commerzbank)", payment_type: "wire", bank_name: "Commerzbank", iban: iban("DE", `10040000${digits(random, 10)}`), bic: "COBADEFFXXX", account_number: digits(random, 10) },
    ];
  // each originating account pays from its own bank GL account (the chart is seeded first)
  const banks = await db.selectFrom("accounts").select(["id", "number"]).where("company_id", "=", companyId).where("number", "in", [...originatingBankAccounts]).execute();
  const fromRows = company.map((m, i) => ({
    company_id: companyId, owner_type: "Company", currency_code: currency, status: "ACTIVE", is_default: i === 0, account_type: "checking",
    account_name: us ? "Acme Corp" : "Globex Ltd", country: context.country, account_id: banks.find((b) => b.number === originatingBankAccounts[i])!.id, ...m,
  }));
  const fromIds = await insertMany(db, "payment_methods", fromRows);

  const vendors = await db.selectFrom("vendors").select(["id", "name", "city", "status"]).where("company_id", "=", companyId).orderBy("id").execute();
  // every type appears: the first vendors take each type in turn, the others follow the country's habits
  const types = us ? ["ach", "check", "wire", "international", "sepa"] : ["sepa", "wire", "international", "check", "ach"];
  const usual = us ? ["ach", "ach", "ach", "check", "check", "wire"] : ["sepa", "sepa", "sepa", "sepa", "wire", "international"];
  const vendorRows: Row[] = [];
  vendors.forEach((v, i) => {
    const first = i < types.length ? types[i] : random.pick(usual);
    const kinds = random.chance(0.2) ? [first, first === "check" ? (us ? "ach" : "sepa") : "check"] : [first];
    kinds.forEach((type, n) => vendorRows.push(vendorMethod(random, context, { id: v.id, name: String(v.name), city: v.city }, type, n === 0,
      n === 0 && v.status !== "ACTIVE" ? "PENDING" : random.chance(0.05) ? "INACTIVE" : "ACTIVE")));
  });
  const vendorIds = await insertMany(db, "payment_methods", vendorRows);

  // employees reimbursed by ACH / SEPA
  const employees = [...context.contactIds.entries()].filter(([email]) => !email.includes("vendor")).slice(0, 2);
  await insertMany(db, "payment_methods", employees.map(([email, contactId]) => ({
    company_id: companyId, owner_type: "Contact", contact_id: contactId, name: `${email.split("@")[0]} (personal)`, currency_code: currency,
    status: "ACTIVE", is_default: true, account_name: email.split("@")[0], ...(us
      ? { payment_type: "ach", routing: routingNumber(random), account_number: digits(random, 10), bank_name: "Bank of America", account_type: "checking" }
      : { payment_type: "sepa", iban: iban("DE", `${digits(random, 8)}${digits(random, 10)}`), bic: "COLSDE33XXX", bank_name: "Sparkasse", account_type: "checking" }),
  })));

  const byVendor = new Map<number, Row & { id: number; payment_type: string }>();
  vendorRows.forEach((row, i) => {
    if (row.is_default) byVendor.set(row.vendor_id as number, { ...row, id: vendorIds[i].id, payment_type: String(row.payment_type) });
  });
  return { byVendor, from: fromRows.map((row, i) => ({ ...row, id: fromIds[i].id })) };
}

function vendorMethod(random: Random, context: SeedContext, vendor: { id: number; name: string; city: string | null }, type: string, isDefault: boolean, status: string): Row {
  const us = context.country === "US";
  const base: Row = {
    company_id: context.companyId, owner_type: "Vendor", vendor_id: vendor.id, payment_type: type, is_default: isDefault, status,
    account_name: vendor.name, currency_code: context.currency, country: context.country,
    name: `${vendor.name} — ${type.toUpperCase()}`,
  };
  switch (type) {
    case "ach":
      return { ...base, routing: routingNumber(random), account_number: digits(random, random.int(8, 12)), account_type: random.chance(0.85) ? "checking" : "savings", bank_name: random.pick(["Bank of America", "Citibank", "U.S. Bank", "PNC Bank", "Truist"]), currency_code: "USD", country: "US" };
    case "wire":
      return us
        ? { ...base, routing: routingNumber(random), account_number: digits(random, 10), bank_name: random.pick(["Citibank", "PNC Bank", "Capital One"]) }
        : { ...base, iban: iban("DE", `${digits(random, 8)}${digits(random, 10)}`), bic: random.pick(["DEUTDEFFXXX", "COBADEFFXXX", "HYVEDEMMXXX"]), bank_name: random.pick(["Deutsche Bank", "Commerzbank", "HypoVereinsbank"]) };
    case "international":
      return random.chance(0.5)
        ? { ...base, iban: iban("GB", `NWBK${digits(random, 6)}${digits(random, 8)}`), bic: "NWBKGB2LXXX", bank_name: "NatWest", country: "GB", currency_code: "GBP", address1: "1 Princes Street", city: "London", zipcode: "EC2R 8BP" }
        : { ...base, iban: iban("NL", `ABNA${digits(random, 10)}`), bic: "ABNANL2AXXX", bank_name: "ABN AMRO", country: "NL", currency_code: "EUR", address1: "Gustav Mahlerlaan 10", city: "Amsterdam", zipcode: "1082 PP" };
    case "sepa":
      return { ...base, iban: iban("DE", `${digits(random, 8)}${digits(random, 10)}`), bic: random.pick(["DEUTDEFFXXX", "COBADEFFXXX", "INGDDEFFXXX"]), bank_name: random.pick(["Deutsche Bank", "Sparkasse", "Volksbank", "ING"]), currency_code: "EUR", country: us ? "DE" : context.country };
    default:
      return { ...base, address1: `${random.int(10, 999)} ${random.pick(["Main", "Oak", "Market", "Mill"])} Street`, city: vendor.city ?? "Springfield", state: us ? random.pick(["CA", "NY", "TX", "IL"]) : null, zipcode: us ? digits(random, 5) : digits(random, 5) };
  }
}

// ---------------------------------------------------------------- payments, credits, links

interface Payment extends Row {
  id: number;
  vendor_id: number;
  status: string;
  payment_type: string | null;
  payment_date: string;
  amount: string;
  payment_method_from_id?: number | null;
  links: Link[];
}

/** Split an amount into parts that add up exactly (one or two). */
function parts(random: Random, amount: string): string[] {
  if (money(amount).lt(100) || !random.chance(0.25)) return [amount];
  const first = round(money(amount).times(random.int(30, 70)).dividedBy(100));
  return [first, round(money(amount).minus(first))];
}

async function insertPayments(db: DB, rows: Omit<Payment, "id">[]): Promise<Payment[]> {
  const ids = await insertMany(db, "payments", rows.map(({ links: _links, ...row }) => row));
  const payments = rows.map((row, i) => ({ ...row, id: ids[i].id }) as Payment);
  await insertMany(db, "invoice_payment_links", payments.flatMap((p) => p.links.map((l) => ({
    company_id: p.company_id, invoice_id: l.invoice.id, payment_id: p.id, amount: l.amount,
  }))));
  return payments;
}

interface PaymentSeed {
  debit: Payment[];
  credits: Payment[];
  /** APPROVED invoices with a scheduled payment (their pending balance is 0) */
  scheduled: Set<number>;
  /** a DEBIT payment of a vendor's default method, numbered after the others (not inserted) */
  makeDebit(vendorId: number, status: string, date: string, links: Link[]): Omit<Payment, "id">;
}

async function seedPayments(seed: Seeded, methods: Methods, invoices: Invoice[]): Promise<PaymentSeed> {
  const { db, context } = seed;
  const { random, companyId, currency } = context;
  let paymentNo = 0;
  let creditNo = 0;
  const paymentNumber = () => `PAY-${companyId}${String(++paymentNo).padStart(5, "0")}`;
  const creditNumber = () => `CM-${companyId}${String(++creditNo).padStart(4, "0")}`;
  const fromFor = (type: string | null) => methods.from[type === "check" || type === "wire" ? 1 : 0];

  const debit = (vendorId: number, status: string, date: string, links: Link[], extra: Row = {}): Omit<Payment, "id"> => {
    const method = methods.byVendor.get(vendorId);
    const type = method?.payment_type ?? "check";
    return {
      company_id: companyId, payment_number: paymentNumber(), vendor_id: vendorId, payment_date: date, submit_date: addDays(date, -random.int(1, 3)),
      amount: round(links.reduce((t, l) => t.plus(l.amount), money(0))), balance: "0.00", currency_code: currency, payment_type: type, record_type: "DEBIT",
      status, payment_method_id: method?.id ?? null, payment_method_from_id: fromFor(type).id, subsidiary_id: links[0]?.invoice.subsidiary_id ?? null,
      submitter_id: seed.clerkId, reference_number: type === "check" ? `CHK ${random.int(10000, 99999)}` : `TRC${digits(random, 12)}`,
      version_seq: 1, links, ...extra,
    };
  };
  const credit = (vendorId: number, status: string, date: string, amount: string, links: Link[]): Omit<Payment, "id"> => {
    const applied = links.reduce((t, l) => t.plus(l.amount), money(0));
    return {
      company_id: companyId, payment_number: creditNumber(), vendor_id: vendorId, payment_date: date, submit_date: ["DRAFT", "NEW"].includes(status) ? null : date,
      amount, balance: round(money(amount).minus(applied)), currency_code: currency, payment_type: null, record_type: "CREDIT", status,
      subsidiary_id: links[0]?.invoice.subsidiary_id ?? null, submitter_id: seed.clerkId,
      reference_number: `VCM-${random.int(1000, 9999)}`, description: random.pick(["Returned goods", "Pricing adjustment", "Service credit", "Duplicate billing", "Volume rebate"]),
      version_seq: 1, links, is_system_error: status === "FAILED" && random.chance(0.5),
    };
  };

  // what each paid invoice's payments_sum is made of
  const firstParts: Link[] = [];
  const laterParts: Link[] = [];
  const creditRows: Omit<Payment, "id">[] = [];
  for (const invoice of invoices.filter((i) => money(i.payments_sum).gt(0))) {
    const [first, second] = parts(random, invoice.payments_sum);
    if (second && random.chance(0.25)) {
      // the second part was settled by a vendor credit: fully APPLIED, or AVAILABLE with some left
      const left = random.chance(0.5) ? round(random.int(2500, 40000) / 100) : "0.00";
      const date = addDays(invoice.date, random.int(5, 40));
      creditRows.push(credit(invoice.vendor_id, money(left).gt(0) ? "AVAILABLE" : "APPLIED", date, round(money(second).plus(left)), [{ invoice, amount: second }]));
      firstParts.push({ invoice, amount: first });
      continue;
    }
    firstParts.push({ invoice, amount: first });
    if (second) laterParts.push({ invoice, amount: second });
  }

  // group the parts into payments: per vendor and status, at most three invoices a payment
  const statusFor = (invoice: Invoice) => (invoice.status === "OPEN" && random.chance(0.4) ? "PROCESSING" : "CLEARED");
  const rows: Omit<Payment, "id">[] = [];
  for (const [pool, delay] of [[firstParts, [8, 25]], [laterParts, [30, 60]]] as const) {
    const groups = new Map<string, Link[]>();
    for (const link of pool) {
      const key = `${link.invoice.vendor_id}:${statusFor(link.invoice)}`;
      groups.set(key, [...(groups.get(key) ?? []), link]);
    }
    for (const [key, links] of groups) {
      const [vendorId, status] = key.split(":");
      for (let i = 0; i < links.length; i += 3) {
        const chunk = links.slice(i, i + 3);
        const latest = chunk.map((l) => l.invoice.date).sort().at(-1)!;
        const date = addDays(latest, random.int(delay[0], delay[1]));
        rows.push(debit(Number(vendorId), status === "PROCESSING" ? status : date < day(-20) && random.chance(0.06) ? "CLEARED (REISSUED)" : status, status === "PROCESSING" ? addDays(today, -random.int(0, 3)) : date, chunk));
      }
    }
  }
  rows.filter((p) => p.status === "PROCESSING").slice(0, 2).forEach((p) => (p.status = "PROCESSING (REISSUED)"));

  // attempts that count for nothing: failed at the bank, voided, refunded, rejected by the approver
  const paid = invoices.filter((i) => i.status === "PAID" || i.status === "OPEN");
  for (const status of ["FAILED", "FAILED", "VOID", "VOID", "VOID (REFUNDED)", "REJECTED", "REJECTED"]) {
    const invoice = random.pick(paid);
    rows.push(debit(invoice.vendor_id, status, addDays(invoice.date, random.int(3, 10)), [{ invoice, amount: invoice.payments_sum }], { is_system_error: status === "FAILED" && random.chance(0.5) }));
  }

  // scheduled payments of approved invoices: pending approval, or approved and waiting for the run
  const scheduled = new Set<number>();
  const approved = invoices.filter((i) => i.status === "APPROVED");
  for (let k = 0; k < Math.min(12, approved.length); k++) {
    const invoice = approved[k * 3 % approved.length];
    if (scheduled.has(invoice.id)) continue;
    scheduled.add(invoice.id);
    rows.push(debit(invoice.vendor_id, k % 5 < 3 ? "PENDING" : "APPROVED", day(random.int(1, 10)), [{ invoice, amount: invoice.balance_outstanding }]));
  }

  // prepaid discounts, not yet applied
  for (let k = 0; k < 2; k++) {
    const vendorId = random.pick(context.vendorIds);
    rows.push({ ...debit(vendorId, "CLEARED", day(-random.int(10, 60)), []), record_type: "DISCOUNT", amount: round(random.int(10000, 200000) / 100), links: [] });
    rows.at(-1)!.balance = rows.at(-1)!.amount;
  }

  // credits that are not applied: every other status of the set
  const creditStatuses = ["DRAFT", "DRAFT", "NEW", "NEW", "NEW", "PENDING", "PENDING", "PENDING", "AVAILABLE", "AVAILABLE", "AVAILABLE", "PROCESSING", "FAILED", "VOID", "REJECTED"];
  for (const status of creditStatuses) {
    creditRows.push(credit(random.pick(context.vendorIds), status, day(-random.int(0, 90)), round(random.int(5000, 250000) / 100), []));
  }

  const debitPayments = await insertPayments(db, rows.sort((a, b) => String(a.payment_date).localeCompare(String(b.payment_date))));
  const credits = await insertPayments(db, creditRows);

  // the pending balance of an invoice is what is left after its scheduled payments
  if (scheduled.size) await db.updateTable("invoices").set({ outstanding_balance_pending: "0.00" }).where("id", "in", [...scheduled]).execute();
  return { debit: debitPayments, credits, scheduled, makeDebit: debit };
}

// ---------------------------------------------------------------- payment runs, files

async function seedPaymentRuns(seed: Seeded, methods: Methods, invoices: Invoice[], payments: PaymentSeed): Promise<void> {
  const { db, context } = seed;
  const { random, companyId, currency } = context;
  const createdBy = context.users.get(context.country === "US" ? "ap@acme.test" : "admin@globex.test") ?? null;
  const approvable = invoices.filter((i) => i.status === "APPROVED" && !payments.scheduled.has(i.id));
  let unused = 0;
  const takeInvoices = (n: number) => approvable.slice(unused, (unused += n));
  const cleared = payments.debit.filter((p) => p.status.startsWith("CLEARED") && p.links.length > 0);
  const processing = payments.debit.filter((p) => p.status.startsWith("PROCESSING"));
  const approvedPayments = payments.debit.filter((p) => p.status === "APPROVED");

  type Item = Row & { vendor_id: number; amount: string; excluded: boolean; payment_method_from_id: number };
  const plans: { status: string; date: string; items: Item[]; payments: Payment[] }[] = [];
  const fromPayments = (status: string, list: Payment[], itemStatus: string) => ({
    status, payments: list, date: list.map((p) => p.payment_date).sort().at(-1) ?? today,
    items: list.flatMap((p) => p.links.map((l) => ({
      invoice_id: l.invoice.id, payment_id: p.id, vendor_id: p.vendor_id, amount: l.amount, payment_date: p.payment_date, payment_method_id: p.payment_method_id as number | null,
      payment_method_from_id: p.payment_method_from_id ?? methods.from[0].id, status: itemStatus, excluded: false,
    }))),
  });
  // runs not processed (or never to be): their own payments, one per vendor, made now with the run's
  // payment status; a row an approver excluded gets its own payment, VOID. Unprocessed runs hold
  // their reservation (the invoice's pending balance drops by the row), the others released it.
  const paymentStatusOf: Record<string, string> = { NEW: "PENDING", SUBMITTED: "PENDING", PENDING: "PENDING", REJECTED: "REJECTED", VOID: "VOID", FAILED: "FAILED" };
  const reserving = ["NEW", "SUBMITTED", "PENDING"];
  const fromInvoices = async (status: string, list: Invoice[], itemStatus: string, date: string) => {
    const groups = new Map<string, Link[]>();
    list.forEach((invoice, n) => {
      const key = `${invoice.vendor_id}:${status === "PENDING" && n === 0 ? "excluded" : ""}`;
      groups.set(key, [...(groups.get(key) ?? []), { invoice, amount: invoice.balance_outstanding }]);
    });
    const made = await insertPayments(db, [...groups].map(([key, links]) =>
      payments.makeDebit(links[0].invoice.vendor_id, key.endsWith("excluded") ? "VOID" : paymentStatusOf[status], date, links)));
    for (const link of made.filter((p) => p.status !== "VOID" && reserving.includes(status)).flatMap((p) => p.links)) {
      await db.updateTable("invoices").set({ outstanding_balance_pending: round(money(link.invoice.balance_outstanding).minus(link.amount)) }).where("id", "=", link.invoice.id).execute();
    }
    const excluded = made.filter((p) => p.status === "VOID" && status === "PENDING").map((p) => p.id);
    if (excluded.length) await db.updateTable("payments").set({ excluded: true }).where("id", "in", excluded).execute();
    const plan = { ...fromPayments(status, made, itemStatus), date };
    plan.items.forEach((item, n) => Object.assign(item, {
      excluded: status === "PENDING" && made.some((p) => p.status === "VOID" && p.links.some((l) => l.invoice.id === item.invoice_id)),
      error_message: status === "FAILED" && n % 2 === 0 ? "Rejected by the bank: account closed (R02)" : null,
    }));
    return plan;
  };
  const chunk = Math.max(1, Math.ceil(cleared.length / 6));
  for (let k = 0; k < 3; k++) plans.push(fromPayments("CLOSED", cleared.slice(k * chunk, (k + 1) * chunk), "PAID"));
  plans.push(fromPayments("OPEN", processing.slice(0, 8), "PROCESSING"));
  plans.push(fromPayments("APPROVED", approvedPayments, "APPROVED"));
  plans.push(await fromInvoices("SUBMITTED", takeInvoices(4), "APPROVED", day(2)));
  plans.push(await fromInvoices("PENDING", takeInvoices(6), "NEW", day(5)));
  plans.push(await fromInvoices("NEW", takeInvoices(5), "NEW", day(9)));
  plans.push(await fromInvoices("REJECTED", takeInvoices(3), "VOID", day(-20)));
  plans.push(await fromInvoices("VOID", takeInvoices(3), "VOID", day(-35)));
  plans.push(await fromInvoices("FAILED", takeInvoices(4), "FAILED", day(-12)));

  const live = plans.filter((p) => p.items.length > 0).sort((a, b) => a.date.localeCompare(b.date));
  const totalOf = (items: Item[]) => round(items.filter((i) => !i.excluded).reduce((t, i) => t.plus(i.amount), money(0)));
  const vendorsOf = (items: Item[]) => new Set(items.filter((i) => !i.excluded).map((i) => i.vendor_id)).size;
  const runIds = await insertMany(db, "payment_runs", live.map((plan, n) => ({
    company_id: companyId, number: `PR-${companyId}${String(n + 1).padStart(4, "0")}`, status: plan.status, payment_date: plan.date,
    total_amount: totalOf(plan.items), currency_code: currency, total_vendor_count: vendorsOf(plan.items),
    submitted_at: plan.status === "NEW" ? null : at(addDays(plan.date, -2)), created_by_id: createdBy,
    description: `Payment run of ${dayjs(plan.date).format("D MMM YYYY")}`,
  })));

  const approvals: Row[] = [];
  const ediRows: Row[] = [];
  const nachaRows: Row[] = [];
  for (const [n, plan] of live.entries()) {
    const runId = runIds[n].id;
    // one batch per originating account; a vendor paid from both is a "matching vendor"
    const byFrom = new Map<number, Item[]>();
    for (const item of plan.items) byFrom.set(item.payment_method_from_id, [...(byFrom.get(item.payment_method_from_id) ?? []), item]);
    const vendorSets = [...byFrom.values()].map((items) => new Set(items.map((i) => i.vendor_id)));
    const batchRows = [...byFrom.values()].map((items, b) => ({
      company_id: companyId, payment_run_id: runId, batch_number: `${companyId}${String(n + 1).padStart(4, "0")}-${b + 1}`, status: plan.status,
      total_vendor_count: vendorsOf(items), submitted_at: plan.status === "NEW" ? null : at(addDays(plan.date, -2), 15),
      total_amount_in_functional: totalOf(items), functional_currency: currency,
      matching_vendor: [...vendorSets[b]].some((v) => vendorSets.some((other, o) => o !== b && other.has(v))),
    }));
    const batchIds = await insertMany(db, "payment_run_batches", batchRows);
    const batchOf = new Map([...byFrom.keys()].map((from, b) => [from, batchIds[b].id]));
    await insertMany(db, "payment_run_items", plan.items.map((item) => ({
      company_id: companyId, payment_run_id: runId, payment_run_batch_id: batchOf.get(item.payment_method_from_id), invoice_type: "INVOICE",
      currency_code: currency, payment_run_status: plan.status, error_message: null, ...item,
    })));
    if (plan.payments.length) await db.updateTable("payments").set({ payment_run_id: runId }).where("id", "in", plan.payments.map((p) => p.id)).execute();

    const state = { PENDING: "pending", APPROVED: "approved", OPEN: "approved", CLOSED: "approved", REJECTED: "rejected" }[plan.status];
    if (state) approvals.push(approval(seed, "PaymentRun", runId, 1, state, addDays(plan.date, -3)));

    const ach = plan.payments.filter((p) => p.payment_type === "ach");
    if (context.country === "US" && ach.length && ["CLOSED", "OPEN", "APPROVED"].includes(plan.status)) {
      const date = addDays(plan.date, -1);
      nachaRows.push({
        company_id: companyId, number: `NACHA-${companyId}${String(nachaRows.length + 1).padStart(4, "0")}`, batch_number: batchRows[0].batch_number,
        amount: round(ach.reduce((t, p) => t.plus(p.amount), money(0))), currency_code: currency, status: plan.status === "APPROVED" ? "NEW" : "DOWNLOAD",
        submitted_at: at(date, 9), file_output_at: plan.status === "APPROVED" ? null : at(date, 16), payment_run_id: runId,
        payment_method_from_id: methods.from[0].id, entry_count: ach.length, file_name: `ACH_${date.replace(/-/g, "")}_${runId}.txt`,
      });
    }
    // the run's largest vendor receives its remittance by EDI 820
    if (["CLOSED", "OPEN", "APPROVED"].includes(plan.status) && plan.payments.length) {
      const vendorId = plan.payments.map((p) => p.vendor_id).sort((a, b) => plan.payments.filter((p) => p.vendor_id === b).length - plan.payments.filter((p) => p.vendor_id === a).length)[0];
      const own = plan.payments.filter((p) => p.vendor_id === vendorId);
      const status = plan.status === "APPROVED" ? "NEW" : plan.status === "OPEN" ? "SENT" : ediRows.length === 1 ? "REJECTED" : "ACCEPTED";
      ediRows.push({
        company_id: companyId, number: `EDI-${companyId}${String(ediRows.length + 1).padStart(4, "0")}`, control_number: digits(random, 9), transaction_set: "820",
        vendor_id: vendorId, payment_run_id: runId, amount: round(own.reduce((t, p) => t.plus(p.amount), money(0))), currency_code: currency, status,
        entry_count: own.reduce((t, p) => t + p.links.length, 0), file_name: `820_${runId}_${vendorId}.edi`,
        submitted_at: status === "NEW" ? null : at(plan.date, 11), acknowledged_at: ["ACCEPTED", "REJECTED"].includes(status) ? at(addDays(plan.date, 1), 8) : null,
      });
    }
  }
  if (nachaRows.length && !nachaRows.some((r) => r.status === "NEW")) Object.assign(nachaRows.at(-1)!, { status: "NEW", file_output_at: null });
  await insertMany(db, "nacha_payments", nachaRows);
  await insertMany(db, "edi_payments", ediRows);
  await insertMany(db, "approvals", approvals);
}

// ---------------------------------------------------------------- approvals, requests, recurring

function approval(seed: Seeded, type: string, id: number, step: number, state: string, date: string, contactId = seed.approverId): Row {
  const acted = state !== "pending";
  return {
    company_id: seed.context.companyId, approvable_type: type, approvable_id: id, step, contact_id: contactId, aasm_state: state,
    is_claimed: false, acted_at: acted ? at(date, 14) : null, acted_by_contact_id: acted ? contactId : null,
    comment: state === "rejected" ? "Amount does not match the agreed price." : null, created_at: at(date, 9),
  };
}

async function seedApprovals(seed: Seeded, invoices: Invoice[], payments: PaymentSeed): Promise<void> {
  const rows: Row[] = [];
  for (const invoice of invoices) {
    const date = addDays(invoice.date, 2);
    // PENDING records get their chains from the approval engine once the workflows exist (seed/approvals.ts)
    if (invoice.status === "APPROVED") {
      rows.push(approval(seed, "Invoice", invoice.id, 1, "approved", date));
    } else if (invoice.status === "REJECTED") {
      rows.push(approval(seed, "Invoice", invoice.id, 1, "rejected", date));
    }
  }
  const states: Record<string, string | undefined> = { APPROVED: "approved", REJECTED: "rejected", AVAILABLE: "approved", APPLIED: "approved" };
  for (const payment of payments.debit) {
    const state = states[payment.status];
    if (state) rows.push(approval(seed, "Payment", payment.id, 1, state, addDays(payment.payment_date, -2)));
  }
  for (const credit of payments.credits) {
    const state = states[credit.status];
    if (state) rows.push(approval(seed, "CreditMemo", credit.id, 1, state, credit.payment_date));
  }
  await insertMany(seed.db, "approvals", rows);
}

async function seedInvoiceRequests({ db, context }: Seeded, invoices: Invoice[]): Promise<void> {
  const { random, companyId } = context;
  const contacts = await db.selectFrom("contacts").select(["id", "vendor_id", "email"]).where("company_id", "=", companyId)
    .where("contact_type", "=", "VENDOR").where("vendor_id", "is not", null).orderBy("id").execute();
  const plan = ["SENT", "SUBMITTED", "NEW", "SENT", "SENT", "NEW", "SUBMITTED", "SENT", "NEW", "SENT", "SUBMITTED", "SENT", "NEW", "SENT", "SUBMITTED", "SENT"];
  const rows = plan.map((status, n) => {
    const contact = n < 2 ? contacts.find((c) => c.email === "vendor@northwind.test") ?? contacts[n] : random.pick(contacts);
    const vendorId = contact.vendor_id as number;
    const invoice = status === "SUBMITTED" ? invoices.find((i) => i.vendor_id === vendorId && ["NEW", "PENDING"].includes(i.status)) : undefined;
    const finalStatus = status === "SUBMITTED" && !invoice ? "SENT" : status;
    const hasToken = finalStatus === "SUBMITTED" || (finalStatus === "NEW" && n % 4 === 1) ? "INACTIVE" : "ACTIVE";
    const created = day(-random.int(2, 60));
    return {
      company_id: companyId, vendor_id: vendorId, contact_id: contact.id, invoice_id: invoice?.id ?? null,
      purchase_order_id: random.chance(0.3) ? random.pick(context.purchaseOrderIds) : null,
      message: "Please submit your invoice for the goods and services delivered this month.",
      has_token: hasToken, token: hasToken === "ACTIVE" ? token(random) : null, status: finalStatus,
      sent_date: finalStatus === "NEW" ? null : at(addDays(created, 1), 11), created_at: at(created, 9),
    };
  });
  await insertMany(db, "invoice_requests", rows);
}

async function seedRecurringInvoices({ db, context }: Seeded): Promise<void> {
  const { random, companyId, currency } = context;
  const templates = [
    { description: "Office rent", frequency: "monthly", amount: "8500.00", prefix: "RENT" },
    { description: "Cloud hosting", frequency: "monthly", amount: "1249.90", prefix: "HOST" },
    { description: "Cleaning service", frequency: "monthly", amount: "980.00", prefix: "CLEAN" },
    { description: "Equipment lease", frequency: "quarterly", amount: "4200.00", prefix: "LEASE" },
    { description: "Insurance premium", frequency: "yearly", amount: "15600.00", prefix: "INS" },
    { description: "Software maintenance", frequency: "yearly", amount: "7300.00", prefix: "MAINT" },
  ];
  await insertMany(db, "recurring_invoices", templates.map((t, n) => {
    const start = dayjs().subtract(random.int(1, 10), "month").date(1);
    const months = { monthly: 1, quarterly: 3, yearly: 12 }[t.frequency]!;
    let next = start;
    while (next.format("YYYY-MM-DD") < today) next = next.add(months, "month");
    return {
      company_id: companyId, vendor_id: context.vendorIds[(n * 7) % context.vendorIds.length], subsidiary_id: context.subsidiaryIds[0],
      number_prefix: t.prefix, amount: t.amount, currency_code: currency, term_code: "NET 30", due_days: 30, description: t.description,
      department: random.pick(departments), debit_entries: JSON.stringify([{ account_number: random.pick(expenseAccounts), amount: t.amount }]),
      frequency: t.frequency, start_date: start.format("YYYY-MM-DD"), next_date: next.format("YYYY-MM-DD"),
      end_date: n === 2 ? next.add(months * 2, "month").format("YYYY-MM-DD") : null, status: n === 5 ? "INACTIVE" : "ACTIVE",
    };
  }));
}

export const payablesSeed: EntitySeed = async (db, context) => {
  const invoices = (await db.selectFrom("invoices")
    .select(["id", "number", "vendor_id", "subsidiary_id", "status", "date", "amount", "payments_sum", "balance_outstanding"])
    .where("company_id", "=", context.companyId).orderBy("id").execute()) as Invoice[];
  const approver = context.contactIds.get("approver@acme.test") ?? context.contactIds.get("admin@globex.test")!;
  const clerk = context.contactIds.get("ap@acme.test") ?? context.contactIds.get("admin@globex.test")!;
  const seed: Seeded = { db, context, approverId: approver, clerkId: clerk };
  const methods = await seedPaymentMethods(seed);
  const payments = await seedPayments(seed, methods, invoices);
  await seedPaymentRuns(seed, methods, invoices, payments);
  await seedApprovals(seed, invoices, payments);
  await seedInvoiceRequests(seed, invoices);
  await seedRecurringInvoices(seed);
};
