/**
 * Demo data of expenses and cards, per company: employees, policies, expense reports in every status
 * whose items add up (some breaking their policy), card programs, cards in every status (last four
 * digits only), purchases, card transactions over every status, and monthly statements that agree
 * with the transactions on them.
 */
import dayjs from "dayjs";
import { money, round, sum } from "../../framework/money.js";
import { expenseReportStatuses } from "../../../resources/expense_reports.js";
import { virtualCardStatuses } from "../../../resources/virtual_cards.js";
import { minimumPayment } from "../domain/cards/statement-close.js";
import type { DB } from "../db/connect.js";
import { rollUpCards } from "../domain/cards/cards.js";
import { policyViolation, type PolicyRules } from "../domain/expenses/policies.js";
import { insertMany } from "./demo.js";
import { demoRateOn } from "./exchange-rates.js";
import type { EntitySeed, SeedContext } from "./entities.js";
import { departments, expenseAccounts, firstNames, lastNames } from "./names.js";
import type { Random } from "./random.js";

type Row = Record<string, unknown>;

const day = (offset: number) => dayjs().add(offset, "day").format("YYYY-MM-DD");
const shift = (date: string, days: number) => dayjs(date).add(days, "day").format("YYYY-MM-DD");
const cents = (random: Random, min: number, max: number) => round(random.int(min * 100, max * 100) / 100);

/** Merchants and a usual amount range per expense category. */
const categories: Record<string, { merchants: readonly string[]; range: [number, number] }> = {
  Meals: { merchants: ["Blue Bottle Café", "Sushi Zen", "Pret A Manger", "The Grill House"], range: [12, 110] },
  Lodging: { merchants: ["Hilton", "Marriott", "Hyatt Regency"], range: [140, 420] },
  Airfare: { merchants: ["Delta Air Lines", "Lufthansa", "United Airlines"], range: [180, 1600] },
  "Office Supplies": { merchants: ["Staples", "Office Depot"], range: [15, 260] },
  Software: { merchants: ["Adobe", "Atlassian", "GitHub"], range: [20, 700] },
  "Car Rental": { merchants: ["Hertz", "Avis"], range: [60, 480] },
  Parking: { merchants: ["City Parking", "Airport Parking"], range: [8, 60] },
};

const policySpecs = [
  { name: "Standard Expenses", status: "ACTIVE", departments: ["Finance", "Operations", "HR"], per_diems: "60", receipt_required_over: "25",
    categories: { Meals: "75", Lodging: "250", Airfare: "900", "Office Supplies": "200", Software: "500" } },
  { name: "Travel and Sales", status: "ACTIVE", departments: ["Sales", "Marketing"], per_diems: "80", receipt_required_over: "50",
    categories: { Meals: "100", Lodging: "350", Airfare: "1500", "Car Rental": "400", Parking: "40" } },
  { name: "Engineering", status: "ACTIVE", departments: ["Engineering"], per_diems: "55", receipt_required_over: "75",
    categories: { Meals: "60", Software: "600", "Office Supplies": "250" } },
  { name: "Legacy 2023 Policy", status: "INACTIVE", departments: [], per_diems: "45", receipt_required_over: "25",
    categories: { Meals: "50", Lodging: "200" } },
] as const;

const reportsPerStatus = 4;
const cardsPerStatus = 4;
const mileageRate = "0.67";
const programLimit = "250000";
const mccCategories = ["Restaurants", "Airlines", "Hotels", "Office Supplies", "Software", "Fuel", "Telecom", "Shipping"];

/** Item status of a report's items, following the report. */
function itemStatus(random: Random, reportStatus: string): string {
  if (reportStatus === "OPEN") return random.pick(["APPROVED", "OPEN"]);
  return reportStatus;
}

async function seedEmployees(db: DB, context: SeedContext): Promise<number[]> {
  const { companyId, random } = context;
  const domain = (await db.selectFrom("companies").select("name").where("id", "=", companyId).executeTakeFirstOrThrow()).name;
  const rows = Array.from({ length: 6 }, (_, i) => {
    const first = firstNames[(i * 5 + companyId) % firstNames.length];
    const last = random.pick(lastNames);
    return {
      company_id: companyId, first_name: first, last_name: last, contact_type: "COMPANY", source: "COMPANY",
      email: `${first}.${last}@${domain.split(" ")[0].toLowerCase()}.test`.toLowerCase(), company_roles: [], vendor_roles: [],
    };
  });
  const ids = (await insertMany(db, "contacts", rows)).map((r) => r.id);
  const staff = [...context.contactIds].filter(([email]) => !email.startsWith("vendor@")).map(([, id]) => id);
  return [...staff, ...ids];
}

async function seedPolicies(db: DB, context: SeedContext): Promise<{ ids: number[]; rules: PolicyRules[] }> {
  const rows = policySpecs.map((p) => ({
    company_id: context.companyId, name: p.name, status: p.status, departments: [...p.departments], currency_code: context.currency,
    per_diems: p.per_diems, receipt_required_over: p.receipt_required_over,
    categories: Object.entries(p.categories).map(([category, limit]) => ({ category, limit })),
    description: `${p.name} for ${p.departments.length ? p.departments.join(", ") : "everyone"}`,
  }));
  const ids = (await insertMany(db, "policies", rows.map((r) => ({ ...r, categories: JSON.stringify(r.categories) })))).map((r) => r.id);
  return { ids, rules: rows as unknown as PolicyRules[] };
}

interface ExpenseData {
  employees: number[];
  /** items of non-reimbursable reports: paid by company card, so card transactions point at them */
  companyPaidItems: number[];
}

async function seedExpenses(db: DB, context: SeedContext): Promise<ExpenseData> {
  const { companyId, random, currency } = context;
  const employees = await seedEmployees(db, context);
  const policies = await seedPolicies(db, context);
  const foreign = currency === "USD" ? "GBP" : "USD";
  const statuses = expenseReportStatuses.values.map((s) => s.code);

  const reports: Row[] = [];
  const itemsByReport: Row[][] = [];
  for (let i = 0; i < statuses.length * reportsPerStatus; i++) {
    const status = statuses[i % statuses.length];
    const policyIndex = random.chance(0.85) ? random.int(0, policies.ids.length - 1) : -1;
    const policy = policyIndex >= 0 ? policies.rules[policyIndex] : undefined;
    const abroad = i % 9 === 4;
    const reportCurrency = abroad ? foreign : currency;
    const employee = random.pick(employees);
    const date = day(-random.int(3, 150));
    const items = Array.from({ length: random.int(1, 5) }, (_, n) => {
      const type = random.chance(0.75) ? "single expense" : random.pick(["mileage", "per diem"]);
      const item: Row = {
        company_id: companyId, employee_contact_id: employee, date: shift(date, -n), currency_code: reportCurrency, expense_type: type,
        receipt_attached: random.chance(0.75), reimbursable: true, status: itemStatus(random, status), purchase_order_id: null,
      };
      if (type === "mileage") {
        const distance = random.int(12, 480);
        Object.assign(item, { merchant: "Mileage", category_name: "Mileage", mileage_distance: String(distance), amount: round(money(distance).times(mileageRate)) });
      } else if (type === "per diem") {
        const days = random.int(1, 4);
        const rate = policy?.per_diems ?? "60";
        // one in four claims more than the allowance
        const amount = round(money(rate).times(days).times(random.chance(0.25) ? "1.2" : "1"));
        Object.assign(item, { merchant: "Per diem", category_name: "Per Diem", per_diem_days: days, amount });
      } else {
        const category = random.pick(Object.keys(categories));
        const { merchants, range } = categories[category];
        Object.assign(item, { merchant: random.pick(merchants), category_name: category, amount: cents(random, range[0], range[1]) });
      }
      item.description = `${String(item.category_name)} — ${String(item.merchant)}`;
      item.policy_violation = policyViolation(item as never, policy);
      return item;
    });
    const amount = sum(items.map((it) => String(it.amount)));
    const rate = demoRateOn(currency, reportCurrency, date);
    const reimbursable = random.chance(0.8);
    for (const item of items) item.reimbursable = reimbursable;
    itemsByReport.push(items);
    reports.push({
      company_id: companyId, number: `ER-${context.companyId}${String(i + 1).padStart(4, "0")}`, employee_contact_id: employee, date,
      submit_date: status === "DRAFT" || status === "NEW" ? null : shift(date, random.int(1, 3)), subsidiary_id: random.pick(context.subsidiaryIds),
      policy_id: policyIndex >= 0 ? policies.ids[policyIndex] : null, reimbursable, amount, exchange_rate: rate,
      currency_code: reportCurrency,
      project_name: random.chance(0.4) ? random.pick(["Q3 Launch", "Customer Summit", "Data Center Move", "Annual Audit"]) : null,
      status, description: `${random.pick(["Client visit", "Conference", "Team offsite", "Office restock", "Sales trip"])} — ${random.pick(departments)}`,
      expense_types: [...new Set(items.map((it) => String(it.expense_type)))].sort(),
    });
  }
  const reportIds = (await insertMany(db, "expense_reports", reports)).map((r) => r.id);
  const itemRows: Row[] = itemsByReport.flatMap((items, i) => items.map((item) => ({ ...item, expense_report_id: reportIds[i] })));
  // items not yet on a report, some bought against a purchase order
  for (let n = 0; n < 8; n++) {
    const category = random.pick(Object.keys(categories));
    itemRows.push({
      company_id: companyId, expense_report_id: null, employee_contact_id: random.pick(employees), date: day(-random.int(0, 20)),
      merchant: random.pick(categories[category].merchants), category_name: category, amount: cents(random, ...categories[category].range),
      currency_code: currency, expense_type: "single expense", receipt_attached: random.chance(0.5), reimbursable: true,
      status: random.pick(["DRAFT", "NEW"]), policy_violation: null, description: `${category} (not yet reported)`,
      purchase_order_id: random.chance(0.5) ? random.pick(context.purchaseOrderIds) : null,
    });
  }
  const itemIds = (await insertMany(db, "expense_items", itemRows)).map((r) => r.id);
  const companyPaidItems = itemIds.filter((_, i) => itemRows[i].reimbursable === false);
  return { employees, companyPaidItems };
}

interface Program {
  id: number;
  program_type: string;
  account_id: string;
  status: string;
}

async function seedPrograms(db: DB, context: SeedContext): Promise<Program[]> {
  const specs = [
    { name: "Corporate Virtual", program_type: "CREDIT", status: "ACTIVE" },
    { name: "Fleet Fuel", program_type: "CREDIT", status: "ACTIVE" },
    { name: "Prepaid Travel", program_type: "PREPAID", status: "ACTIVE" },
    { name: "Legacy Debit", program_type: "DEBIT", status: "INACTIVE" },
  ];
  const rows = specs.map((s, i) => ({
    company_id: context.companyId, ...s, external_id: `CP-${context.companyId}-${i + 1}`, account_id: String(context.random.int(1000, 9999)),
  }));
  const ids = (await insertMany(db, "card_programs", rows)).map((r) => r.id);
  return rows.map((r, i) => ({ id: ids[i], program_type: r.program_type, account_id: r.account_id, status: r.status }));
}

interface Card {
  id: number;
  status: string;
  amount: string;
  vendor_id: number | null;
  program: Program;
  purchase_order_id: number | null;
}

async function seedCards(db: DB, context: SeedContext, employees: number[], programs: Program[]): Promise<Card[]> {
  const { companyId, random, currency } = context;
  const orders = await db.selectFrom("purchase_orders").select(["id", "vendor_id"]).where("company_id", "=", companyId).where("status", "in", ["APPROVED", "OPEN"]).limit(40).execute();
  const admin = [...context.contactIds].find(([email]) => email.startsWith("admin@"))?.[1] ?? employees[0];
  const staff = context.contactIds.get("staff@acme.test");
  const [virtualProgram, fleetProgram, prepaidProgram, legacyProgram] = programs;
  const used = new Set<string>();
  const rows: Row[] = [];
  const meta: Omit<Card, "id">[] = [];
  const statuses = virtualCardStatuses.values.map((s) => s.code);
  for (let i = 0; i < statuses.length * cardsPerStatus; i++) {
    const status = statuses[i % statuses.length];
    const cardType = i % 7 === 3 ? "FLEET" : random.pick(["VIRTUAL", "VIRTUAL", "VIRTUAL", "GHOST", "PHYSICAL"]);
    const program = cardType === "FLEET" ? fleetProgram : status === "INACTIVE" && random.chance(0.5) ? legacyProgram : random.chance(0.2) ? prepaidProgram : virtualProgram;
    let last4: string;
    do last4 = String(random.int(0, 9999)).padStart(4, "0"); while (used.has(last4));
    used.add(last4);
    const order = cardType === "VIRTUAL" && random.chance(0.5) ? random.pick(orders) : undefined;
    const amount = round(random.int(5, 250) * 100);
    const issued = !["PENDING", "APPROVED", "REJECTED"].includes(status);
    const issueDate = issued ? day(-random.int(30, 400)) : null;
    // the staff demo user holds the first active card, so that "My Cards" has one to show (the pick still runs: the same data follows)
    const picked = random.pick(employees);
    const holder = staff && status === "ACTIVE" && i < statuses.length ? staff : picked;
    rows.push({
      company_id: companyId, last4, card_type: cardType, contact_id: holder, amount, remaining_amount: amount,
      expiry: dayjs().add(random.int(6, 36), "month").endOf("month").format("YYYY-MM-DD"), card_program_id: program.id, status,
      purchasing_profile_name: random.pick(["Standard", "Travel", "Procurement"]), card_employee_number: `E${random.int(1000, 9999)}`,
      issue_date: issueDate, external_id: `VC-${companyId}-${String(i + 1).padStart(4, "0")}`, replacement_card: random.chance(0.1),
      purchase_order_ids: order ? [order.id] : [], description: order ? "Single-vendor card for a purchase order" : `${random.pick(departments)} spending card`,
      subsidiary_id: random.pick(context.subsidiaryIds), vendor_id: order ? order.vendor_id : null,
      start_date: issueDate, end_date: issueDate ? shift(issueDate, 365) : null,
      per_transaction_min: null, per_transaction_max: round(Math.min(Number(amount), random.pick([500, 1000, 2500, 5000]))),
      is_reload_balance_monthly: random.chance(0.3), is_international_usage: random.chance(0.25), currency_code: currency,
      ...(cardType === "FLEET" ? {
        fleet_vehicle_number: `TRK-${random.int(100, 999)}`, fleet_vehicle_description: random.pick(["Delivery van", "Pickup truck", "Box truck"]),
        fleet_vin: `1FTBW3XM${random.int(100000000, 999999999)}`, fleet_license_plate: `${random.pick(["AB", "KT", "ZX"])}-${random.int(1000, 9999)}`,
        fleet_registration_expiry_date: day(random.int(60, 700)), fleet_driver_license_number: `D${random.int(1000000, 9999999)}`,
        fleet_driver_license_state: random.pick(["CA", "TX", "NY", "BY"]),
      } : {}),
      misc_1: random.chance(0.3) ? `Cost center ${random.int(100, 999)}` : null, misc_2: null,
      has_pending_create_event: status === "APPROVED" && random.chance(0.5),
      // the staff demo user requested a few cards, so that the digital-wallet rule has rows to show
      submitter_contact_id: staff && i % 5 === 0 ? staff : admin,
    });
    meta.push({ status, amount, vendor_id: order ? (order.vendor_id) : null, program, purchase_order_id: order ? (order.id) : null });
  }
  const ids = (await insertMany(db, "virtual_cards", rows)).map((r) => r.id);
  return meta.map((m, i) => ({ ...m, id: ids[i] }));
}


const spending = new Set(["ACTIVE", "TEMPORARY BLOCK", "BLOCKED", "INACTIVE"]);
const purchaseStatuses = ["PENDING", "OPEN", "POSTED", "PAID", "PAID", "DISPUTED", "REFUNDED", "REJECT"];

async function seedCardSpend(db: DB, context: SeedContext, cards: Card[], programs: Program[], companyPaidItems: number[]): Promise<void> {
  const { companyId, random, currency } = context;
  const spent = cards.filter((c) => spending.has(c.status));

  // purchases on cards that have been used
  const purchases: Row[] = [];
  for (const card of spent) {
    for (let n = random.int(1, 3); n > 0; n--) {
      purchases.push({
        company_id: companyId, number: `PUR-${companyId}${String(purchases.length + 1).padStart(4, "0")}`, virtual_card_id: card.id,
        vendor_id: card.vendor_id ?? random.pick(context.vendorIds), amount: cents(random, 20, Math.min(900, Number(card.amount) / 8)),
        currency_code: currency, status: purchaseStatuses[purchases.length % purchaseStatuses.length], purchase_date: day(-random.int(1, 170)),
        description: random.pick(["Software subscription", "Fuel", "Team lunch", "Hardware order", "Conference pass", "Shipping"]),
        external_id: `EXT-P-${companyId}-${purchases.length + 1}`, purchase_order_id: card.purchase_order_id,
        account_code: random.pick(expenseAccounts), department: random.pick(departments),
      });
    }
  }
  const purchaseIds = (await insertMany(db, "purchases", purchases)).map((r) => r.id);

  // one transaction per purchase, plus card use without a purchase, plus linked-account feeds
  const transactions: Row[] = [];
  const transactionStatus = (i: number) => (i % 10 < 6 ? "CLEARED" : i % 10 < 8 ? "Approved" : i % 10 === 8 ? "declined" : "EXPIRED");
  const transaction = (fields: Row): Row => {
    const status = transactionStatus(transactions.length);
    const date = String(fields.transaction_date);
    const amount = String(fields.authorized_amount);
    const cleared = status === "CLEARED";
    return {
      company_id: companyId, external_id: `TX-${companyId}-${transactions.length + 1}`, source: "VIRTUAL_CARD", virtual_card_id: null,
      purchase_id: null, purchase_has_data: false, currency_code: currency, transaction_status: status,
      transaction_status_description: { CLEARED: "Settled", Approved: "Authorized, awaiting settlement", declined: "Declined by issuer", EXPIRED: "Authorization expired" }[status],
      posted_amount: cleared ? amount : null, posted_date: cleared ? shift(date, random.int(1, 3)) : null,
      mcc_category: random.pick(mccCategories), account_code: random.chance(0.8) ? random.pick(expenseAccounts) : null,
      department: random.pick(departments), receipt_required: Number(amount) > 75 ? "Yes" : random.pick(["No", "Not required"]),
      receipt_attached: random.chance(0.6), approval_code: status === "declined" ? null : String(random.int(100000, 999999)),
      expense_item_id: null, statement_id: null, ...fields,
    };
  };
  const vendorNames = new Map<unknown, string>((await db.selectFrom("vendors").select(["id", "name"]).where("company_id", "=", companyId).execute()).map((v) => [v.id, v.name]));
  purchases.forEach((p, i) => transactions.push(transaction({
    virtual_card_id: p.virtual_card_id, purchase_id: purchaseIds[i], purchase_has_data: true, vendor_name: vendorNames.get(p.vendor_id),
    transaction_date: p.purchase_date, authorized_amount: p.amount,
  })));
  for (const card of spent) {
    for (let n = random.int(2, 5); n > 0; n--) {
      transactions.push(transaction({
        virtual_card_id: card.id, vendor_name: random.pick(["Shell", "Amazon Web Services", "Uber", "FedEx", "Zoom", "Starbucks", "Delta Air Lines"]),
        transaction_date: day(-random.int(1, 170)), authorized_amount: cents(random, 8, Math.min(600, Number(card.amount) / 10)),
      }));
    }
  }
  for (let n = 0; n < 15; n++) {
    transactions.push(transaction({
      source: "LINKED_ACCOUNT", vendor_name: random.pick(["Costco", "Home Depot", "Verizon", "Lyft", "Hilton"]),
      transaction_date: day(-random.int(1, 120)), authorized_amount: cents(random, 15, 900),
    }));
  }
  // company-paid expense items were bought with a card: link them to cleared card transactions
  const clearedOnCards = transactions.filter((t) => t.transaction_status === "CLEARED" && t.virtual_card_id !== null);
  companyPaidItems.slice(0, clearedOnCards.length).forEach((itemId, i) => { clearedOnCards[i].expense_item_id = itemId; });

  // statements: monthly per active program, over the cleared transactions posted in the month
  const cardProgram = new Map(cards.map((c) => [c.id, c.program]));
  const statementStatuses = ["CLOSED", "CLOSED", "PAID", "APPROVED", "OPEN", "NEW"];
  const months = statementStatuses.length;
  for (const program of programs.filter((p) => p.status === "ACTIVE")) {
    let previous = "0.00";
    let previousStatus = "";
    for (let m = months; m >= 1; m--) {
      const begin = dayjs().subtract(m, "month").startOf("month");
      const close = begin.endOf("month");
      const status = statementStatuses[months - m];
      const onStatement = transactions.filter((t) => t.posted_date && t.virtual_card_id !== null && cardProgram.get(t.virtual_card_id as number)?.id === program.id
        && String(t.posted_date) >= begin.format("YYYY-MM-DD") && String(t.posted_date) <= close.format("YYYY-MM-DD"));
      const transactionAmount = sum(onStatement.map((t) => String(t.posted_amount)));
      // the previous statement's balance was paid in this period when that statement is PAID or CLOSED
      const payment = previousStatus === "PAID" || previousStatus === "CLOSED" ? previous : "0.00";
      const credit = money(transactionAmount).gt(100) && random.chance(0.3) ? cents(random, 5, 60) : "0.00";
      const current = round(money(previous).plus(transactionAmount).minus(payment).minus(credit));
      const [statement] = await insertMany(db, "statements", [{
        company_id: companyId, external_id: `ST-${companyId}-${program.id}-${begin.format("YYYYMM")}`, version_seq: 1, card_program_id: program.id,
        account_number: program.account_id, begin_date: begin.format("YYYY-MM-DD"), close_date: close.format("YYYY-MM-DD"),
        previous_balance: previous, transaction_amount: transactionAmount, credit_amount: credit, payment_amount: payment, current_balance: current,
        minimum_payment: minimumPayment(current),
        available_credit: round(money(programLimit).minus(current)), due_date: close.add(25, "day").format("YYYY-MM-DD"),
        currency_code: currency, status, statement_type: program.program_type,
      }]);
      for (const t of onStatement) t.statement_id = statement.id;
      previous = current;
      previousStatus = status;
    }
  }
  await insertMany(db, "card_transactions", transactions);
  await rollUpCards(db, companyId);
}

export const expensesSeed: EntitySeed = async (db, context) => {
  const { employees, companyPaidItems } = await seedExpenses(db, context);
  const programs = await seedPrograms(db, context);
  const cards = await seedCards(db, context, employees, programs);
  await seedCardSpend(db, context, cards, programs, companyPaidItems);
};
