/**
 * Demo data of the administration group, per company: teams and approval workflows, documents with
 * their files, addresses, reports and schedules, imports, categories, vendor messages, notifications, custom labels and an audit trail.
 */
import crypto from "node:crypto";
import dayjs from "dayjs";
import { readyReportTemplates, reportTemplates } from "../../../schemas/report.js";
import { type DB, untyped } from "../db/connect.js";
import { initialReportStatus, nextRunAt, type Frequency } from "../domain/admin/reports.js";
import { seedApprovalChains } from "./approvals.js";
import { insertMany } from "./demo.js";
import type { EntitySeed, SeedContext } from "./entities.js";

const ago = (days: number, hour = 10) => dayjs().subtract(days, "day").hour(hour).minute(0).second(0).millisecond(0).toDate();

// ---------------------------------------------------------------------------------------------
// people: company contacts, teams, workflows

interface People {
  contacts: { id: number; email: string; role: string | null }[];
  admin: number;
  approver: number;
  byEmail(local: string): number | undefined;
}

async function people(db: DB, companyId: number): Promise<People> {
  const contacts = (await db.selectFrom("contacts").select(["id", "email", "role"]).where("company_id", "=", companyId)
    .where("contact_type", "=", "COMPANY").where("user_id", "is not", null).orderBy("id").execute()) as People["contacts"];
  const admin = contacts.find((c) => c.role === "admin")?.id ?? contacts[0].id;
  const byEmail = (local: string) => contacts.find((c) => c.email.startsWith(`${local}@`))?.id;
  return { contacts, admin, approver: contacts.find((c) => c.role === "manager")?.id ?? admin, byEmail };
}

const teamSeeds = [
  { name: "Approvers", description: "Approve invoices and purchase orders", members: ["approver", "admin"] },
  { name: "Accounts Payable", description: "Enter, code and pay vendor invoices", members: ["ap", "admin"] },
  { name: "Purchasing", description: "Raise purchase orders and receive goods", members: ["po", "receiving"] },
  { name: "Finance Review", description: "Quarterly spend review (retired)", members: ["readonly"], status: "INACTIVE" },
];

async function seedTeams(db: DB, { companyId }: SeedContext, who: People): Promise<Map<string, number>> {
  const inserted = await insertMany(db, "teams", teamSeeds.map((t) => ({ company_id: companyId, name: t.name, description: t.description, status: t.status ?? "ACTIVE" })));
  const teams = new Map(teamSeeds.map((t, i) => [t.name, inserted[i].id]));
  await insertMany(db, "team_members", teamSeeds.flatMap((t, i) => {
    const members = t.members.map(who.byEmail).filter((id): id is number => id !== undefined);
    return (members.length ? members : [who.admin]).map((contactId) => ({ company_id: companyId, team_id: inserted[i].id, contact_id: contactId }));
  }));
  return teams;
}

const step = (order: number, trigger: string, approverType: string, approverIds: number[], extra: Record<string, unknown> = {}) => ({
  order, trigger, min_amount: null, max_amount: null, ids: [], names: [], approver_type: approverType, approver_ids: approverIds, require_all: false, ...extra,
});

async function seedWorkflows(db: DB, { companyId, subsidiaryIds }: SeedContext, who: People, teams: Map<string, number>): Promise<void> {
  const { admin, approver } = who;
  const workflows = [
    { name: "Invoice approval", workflow_type: "Invoice", status: "ACTIVE", steps: [
      step(1, "AMOUNT", "USER", [approver], { min_amount: "1000.00" }),
      step(2, "AMOUNT", "USER", [admin], { min_amount: "10000.00" }),
    ] },
    { name: "Purchase order approval", workflow_type: "PurchaseOrder", status: "ACTIVE", steps: [
      step(1, "DEFAULT", "TEAM", [teams.get("Approvers")!]),
      step(2, "AMOUNT", "USER", [admin], { min_amount: "5000.00" }),
    ] },
    // AP keys in and pays: someone outside AP approves the payments
    { name: "Payment approval", workflow_type: "Payment", status: "ACTIVE", steps: [step(1, "DEFAULT", "USER", [approver])] },
    { name: "New vendor approval", workflow_type: "Vendor", status: "ACTIVE", allow_self_approval: true, steps: [step(1, "DEFAULT", "USER", [admin])] },
    { name: "Expense approval", workflow_type: "ExpenseReport", status: "ACTIVE", steps: [
      step(1, "APPROVER_AMOUNT", "USER", [approver], { max_amount: "500.00" }),
      step(2, "AMOUNT", "USER", [approver, admin], { min_amount: "500.00", require_all: true }),
    ] },
    { name: "Payment run approval", workflow_type: "PaymentRun", status: "ACTIVE", steps: [step(1, "DEFAULT", "USER", [approver])] },
    { name: "Card approval", workflow_type: "VirtualCard", status: "ACTIVE", steps: [step(1, "DEFAULT", "USER", [approver])] },
    { name: "Vendor credit approval", workflow_type: "CreditMemo", status: "ACTIVE", steps: [step(1, "DEFAULT", "USER", [admin])] },
    // the controller (admin) reviews the accruals they and their staff book
    { name: "Accrual approval", workflow_type: "Accrual", status: "ACTIVE", allow_self_approval: true, steps: [step(1, "DEFAULT", "USER", [admin])] },
    { name: "Invoice approval (regional)", workflow_type: "Invoice", status: "INACTIVE", steps: [
      step(1, "SUBSIDIARY", "USER", [approver], { ids: subsidiaryIds.slice(1) }),
      step(2, "DEFAULT", "TEAM", [teams.get("Approvers")!]),
    ] },
  ];
  await insertMany(db, "workflows", workflows.map((w) => ({
    company_id: companyId, name: w.name, workflow_type: w.workflow_type, status: w.status, allow_self_approval: w.allow_self_approval ?? false,
    steps: JSON.stringify(w.steps),
  })));
}

// ---------------------------------------------------------------------------------------------
// documents

/** A one-page PDF saying `text`, with a correct cross-reference table. */
export function tinyPdf(text: string): Buffer {
  const safe = text.replace(/[\\()]/g, "\\$&");
  const stream = `BT /F1 16 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function seedDocuments(db: DB, { companyId, random, invoiceIds, vendorIds, purchaseOrderIds }: SeedContext, uploader: number): Promise<void> {
  const pick = (ids: readonly number[], n: number) => [...new Set(Array.from({ length: n * 2 }, () => random.pick(ids)))].slice(0, n);
  const numbers = async (table: string, column: string, ids: number[]) =>
    new Map((await untyped(db).selectFrom(table).select(["id", column]).where("id", "in", ids).execute()).map((r) => [r.id as number, String(r[column])]));
  const invoices = pick(invoiceIds, 30);
  const vendors = pick(vendorIds, 8);
  const orders = pick(purchaseOrderIds, 6);
  const [invoiceNumbers, vendorNames, orderNumbers] = [await numbers("invoices", "number", invoices), await numbers("vendors", "name", vendors), await numbers("purchase_orders", "number", orders)];
  const files: { type: string; id: number; name: string; content: Buffer; contentType: string }[] = [
    ...invoices.map((id) => ({ type: "Invoice", id, name: `${invoiceNumbers.get(id)}.pdf`, content: tinyPdf(`Invoice ${invoiceNumbers.get(id)}`), contentType: "application/pdf" })),
    ...vendors.map((id) => ({ type: "Vendor", id, name: `W-9 ${vendorNames.get(id)}.pdf`, content: tinyPdf(`Form W-9: ${vendorNames.get(id)}`), contentType: "application/pdf" })),
    ...orders.map((id) => ({ type: "PurchaseOrder", id, name: `${orderNumbers.get(id)} quote.pdf`, content: tinyPdf(`Quote for ${orderNumbers.get(id)}`), contentType: "application/pdf" })),
    { type: "Company", id: companyId, name: "expense-policy.txt", content: Buffer.from("Expenses over 500 need a receipt and manager approval.\n"), contentType: "text/plain" },
    { type: "Template", id: 1, name: "vendor-import-template.csv", content: Buffer.from("name,vendor_id,email,term_code\n"), contentType: "text/csv" },
  ];
  // the bytes first (the database file store, key "db:<stored_files id>"), then the documents naming them
  const stored = await insertMany(db, "stored_files", files.map((f) => ({ company_id: companyId, data: f.content })));
  await insertMany(db, "documents", files.map((f, i) => ({
    company_id: companyId, asset_file_file_name: f.name, asset_file_file_size: f.content.length, content_type: f.contentType,
    assetable_type: f.type, assetable_id: f.id, created_by_user_id: uploader, created_at: ago(files.length - i), storage_key: `db:${String(stored[i].id)}`,
  })));
}

// ---------------------------------------------------------------------------------------------
// addresses

const placesByCountry: Record<string, { city: string; state: string; zipcode: string; street: string }[]> = {
  US: [
    { city: "Springfield", state: "IL", zipcode: "62701", street: "Main Street" },
    { city: "Riverton", state: "WY", zipcode: "82501", street: "Federal Boulevard" },
    { city: "Lakeside", state: "CA", zipcode: "92040", street: "Maple Avenue" },
    { city: "Fairview", state: "TX", zipcode: "75069", street: "Oak Lane" },
  ],
  DE: [
    { city: "Berlin", state: "BE", zipcode: "10115", street: "Invalidenstraße" },
    { city: "München", state: "BY", zipcode: "80331", street: "Sendlinger Straße" },
    { city: "Hamburg", state: "HH", zipcode: "20095", street: "Mönckebergstraße" },
    { city: "Köln", state: "NW", zipcode: "50667", street: "Hohe Straße" },
  ],
};

async function seedAddresses(db: DB, { companyId, country, random, vendorIds }: SeedContext, who: People): Promise<void> {
  const places = placesByCountry[country] ?? placesByCountry.US;
  const address = (owner_type: string, owner_id: number, label: string, is_primary: boolean) => {
    const place = random.pick(places);
    return {
      company_id: companyId, owner_type, owner_id, label, is_primary, country, city: place.city, state: place.state, zipcode: place.zipcode,
      address1: `${random.int(1, 999)} ${place.street}`, address2: random.chance(0.3) ? `Suite ${random.int(100, 900)}` : null,
    };
  };
  await insertMany(db, "addresses", [
    address("Company", companyId, "Headquarters", true),
    address("Company", companyId, "Billing", false),
    ...vendorIds.slice(0, 20).map((id) => address("Vendor", id, "Main office", true)),
    ...vendorIds.slice(0, 4).map((id) => address("Vendor", id, "Remit to", false)),
    ...who.contacts.slice(0, 3).map((c) => address("Contact", c.id, "Home office", true)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// reports, imports

async function seedReports(db: DB, { companyId, random }: SeedContext, userId: number | null, recipients: string[]): Promise<void> {
  const destinations = ["download", "email", "sftp"] as const;
  const templates = [...readyReportTemplates.slice(0, 4), ...reportTemplates.filter((t) => !(readyReportTemplates as readonly string[]).includes(t)).slice(0, 7)];
  const reports = templates.map((template, i) => {
    const first = initialReportStatus(template);
    // some reports have been switched on (or off) since they were defined
    const status = i % 4 === 3 ? "INACTIVE" : i % 3 === 2 ? "ACTIVE" : first;
    return {
      company_id: companyId, name: template.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" "), template, status,
      export_format: i % 2 ? "csv" : "xlsx", destination: destinations[i % 3], date_type: i % 5 === 0 ? "submit" : "invoice",
      date_range: random.pick(["past_7", "past_30", "past_90", "current_month", "previous_month", "current_quarter", "previous_year"]),
      filters: JSON.stringify(i % 2 ? { status: ["OPEN", "APPROVED"] } : {}), created_by_user_id: userId, created_at: ago(90 - i * 5),
    };
  });
  const ids = await insertMany(db, "reports", reports);
  const frequencies: Frequency[] = ["daily", "weekly", "monthly", "quarterly"];
  await insertMany(db, "report_schedules", ids.slice(0, 7).map(({ id }, i) => {
    const status = i === 5 ? "INACTIVE" : "ACTIVE";
    const frequency = frequencies[i % frequencies.length];
    return {
      company_id: companyId, report_id: id, frequency, status, recipients: JSON.stringify(reports[i].destination === "download" && i % 2 ? [] : recipients.slice(0, 1 + (i % 2))),
      next_run_at: status === "ACTIVE" ? nextRunAt(frequency) : null,
    };
  }));
}

async function seedImports(db: DB, { companyId }: SeedContext, userId: number | null): Promise<void> {
  const targets: Record<string, string[]> = { create: ["vendors", "contacts"], update: ["vendors", "invoices"], delete: ["purchase_orders"], list: ["categories", "custom_labels"] };
  const statuses = ["NEW", "PROCESSING", "DONE", "FAILED"];
  const rows = Object.entries(targets).flatMap(([kind, resources], k) => statuses.map((status, s) => {
    const resource = resources[s % resources.length];
    const total = status === "NEW" ? 0 : 20 + 15 * (k + s);
    const failedRows = status === "DONE" ? s % 2 : status === "FAILED" ? total : status === "PROCESSING" ? 1 : 0;
    const processed = status === "PROCESSING" ? Math.floor(total / 2) : total;
    const errors = Array.from({ length: Math.min(failedRows, 3) }, (_, i) => ({ row: i + 2, field: status === "FAILED" ? "base" : "email", message: status === "FAILED" ? "The file's header row does not match the template." : "must be an e-mail address" }));
    return {
      company_id: companyId, kind, resource_name: resource, file_name: `${resource}-${kind}-${k * 4 + s + 1}.csv`, status,
      total_rows: total, processed_rows: processed, error_rows: failedRows, errors: JSON.stringify(errors), created_by_user_id: userId, created_at: ago(60 - (k * 4 + s) * 3),
    };
  }));
  await insertMany(db, "imports", rows);
}

// ---------------------------------------------------------------------------------------------
// categories, messages, notifications, custom labels, activities

const categoryTree: { name: string; icon: string; gl: string; children?: { name: string; icon: string; gl?: string }[]; status?: string }[] = [
  { name: "Travel", icon: "airplane", gl: "6300", children: [
    { name: "Airfare", icon: "airplane" }, { name: "Hotel", icon: "hotel" }, { name: "Car rental", icon: "car" }, { name: "Taxi & rideshare", icon: "taxi" },
    { name: "Train", icon: "train" }, { name: "Parking", icon: "parking" }, { name: "Fuel", icon: "fuel" },
  ] },
  { name: "Meals", icon: "meal", gl: "6300", children: [{ name: "Client meals", icon: "meal" }, { name: "Coffee", icon: "coffee" }] },
  { name: "Office", icon: "office", gl: "6000", children: [{ name: "Equipment", icon: "laptop" }, { name: "Phone & internet", icon: "phone", gl: "6500" }] },
  { name: "Training", icon: "education", gl: "6200" },
  { name: "Gifts", icon: "gift", gl: "6600" },
  { name: "Medical", icon: "medical", gl: "6900", status: "INACTIVE" },
  { name: "Other", icon: "other", gl: "6000" },
];

async function seedCategories(db: DB, { companyId }: SeedContext): Promise<void> {
  const parents = await insertMany(db, "categories", categoryTree.map((c) => ({ company_id: companyId, name: c.name, icon: c.icon, gl_account_number: c.gl, status: c.status ?? "ACTIVE" })));
  await insertMany(db, "categories", categoryTree.flatMap((c, i) => (c.children ?? []).map((child) => ({
    company_id: companyId, name: child.name, icon: child.icon, gl_account_number: child.gl ?? c.gl, parent_id: parents[i].id, status: "ACTIVE",
  }))));
}

const messageSubjects = [
  "Invoice request for recent services", "Missing W-9 form", "Payment confirmation", "Accrual request for this month",
  "Please update your remittance details", "Purchase order acknowledgement",
];
const messageStatuses = ["sent", "delivered", "opened", "not sent", "withheld", "bounced"];

async function seedMessages(db: DB, { companyId, random, vendorIds }: SeedContext, fromContact: number): Promise<void> {
  const vendors = new Map((await db.selectFrom("vendors").select(["id", "email", "name"]).where("id", "in", [...vendorIds]).execute()).map((v) => [v.id, v]));
  await insertMany(db, "messages", Array.from({ length: 36 }, (_, i) => {
    const vendor = vendors.get(random.pick(vendorIds))!;
    const status = messageStatuses[i % messageStatuses.length];
    const subject = random.pick(messageSubjects);
    return {
      company_id: companyId, vendor_id: vendor.id, subject, status, from_contact_id: fromContact, to_email: vendor.email,
      body: `Hello ${String(vendor.name)},\n\n${subject}. Please use the link in this message to respond.\n\nThank you.`,
      sent_at: status === "not sent" ? null : ago(random.int(1, 60)), token: crypto.randomBytes(24).toString("base64url"),
    };
  }));
}

async function seedNotifications(db: DB, { companyId, random, invoiceIds, purchaseOrderIds }: SeedContext, userIds: number[]): Promise<void> {
  const templates = [
    { kind: "approval", title: "An invoice needs your approval", link: () => `/invoices/${random.pick(invoiceIds)}/approval` },
    { kind: "approved", title: "Your purchase order was approved", link: () => `/purchase_orders/${random.pick(purchaseOrderIds)}` },
    { kind: "rejected", title: "An invoice was rejected", link: () => `/invoices/${random.pick(invoiceIds)}` },
    { kind: "payment", title: "Payment run submitted", link: () => "/payment_runs" },
    { kind: "comment", title: "New comment on an invoice", link: () => `/invoices/${random.pick(invoiceIds)}` },
    { kind: "system", title: "Scheduled report delivered", link: () => "/reports/schedules" },
  ];
  await insertMany(db, "notifications", userIds.flatMap((userId) => Array.from({ length: random.int(3, 5) }, (_, i) => {
    const t = templates[(userId + i) % templates.length];
    const created = ago(i * 2 + random.int(0, 1));
    return {
      company_id: companyId, user_id: userId, kind: t.kind, title: t.title, link: t.link(), body: `${t.title}. Open it to see the details.`,
      created_at: created, read_at: i % 2 === 1 ? dayjs(created).add(3, "hour").toDate() : null,
    };
  })));
}

async function seedCustomLabels(db: DB, { companyId }: SeedContext): Promise<void> {
  await insertMany(db, "custom_labels", [
    { name: "invoice", singular: "Bill", plural: "Bills" },
    { name: "vendor", singular: "Supplier", plural: "Suppliers" },
    { name: "purchase_order", singular: "Purchase Order", plural: "Purchase Orders" },
    { name: "expense_report", singular: "Expense Claim", plural: "Expense Claims" },
    { name: "department", singular: "Cost Center", plural: "Cost Centers" },
    { name: "project", singular: "Job", plural: "Jobs", status: "INACTIVE" },
  ].map((label) => ({ company_id: companyId, status: "ACTIVE", ...label })));
}

/** A single sign-on the company has prepared and not switched on: its own sub-domain, so no demo login is affected. */
async function seedSingleSignOn(db: DB, { companyId }: SeedContext, adminEmail: string): Promise<void> {
  const domain = adminEmail.slice(adminEmail.indexOf("@") + 1);
  await insertMany(db, "sso_settings", [{
    company_id: companyId, protocol: "OIDC", email_domain: `okta.${domain}`, issuer: `https://login.${domain}/oauth2/default`,
    client_id: "outlay-demo", client_secret: "demo-secret-not-a-real-one", default_role: "staff", jit_enabled: true, enforced: false, status: "INACTIVE",
  }]);
}

/** The audit trail the demo records would have left had they been entered through the API. */
async function seedActivities(db: DB, { companyId, random, invoiceIds, vendorIds, purchaseOrderIds }: SeedContext, users: { entry: number; approver: number; admin: number; purchasing: number }): Promise<void> {
  const invoices = await db.selectFrom("invoices").select(["id", "number", "amount", "status"]).where("id", "in", invoiceIds.slice(0, 40)).orderBy("id").execute();
  const rows = [
    ...vendorIds.slice(0, 15).map((id, i) => ({ event: "create", item_type: "vendors", item_id: id, user_id: users.admin, changes: { status: [null, "ACTIVE"] }, created_at: ago(120 - i) })),
    ...purchaseOrderIds.slice(0, 15).map((id, i) => ({ event: "create", item_type: "purchase_orders", item_id: id, user_id: users.purchasing, changes: { status: [null, "DRAFT"] }, created_at: ago(100 - i) })),
    ...invoices.map((inv, i) => ({ event: "create", item_type: "invoices", item_id: inv.id, user_id: users.entry, changes: { number: [null, inv.number], amount: [null, inv.amount], status: [null, "NEW"] }, created_at: ago(60 - i, 9) })),
    ...invoices.filter((inv) => inv.status !== "NEW" && inv.status !== "DRAFT").map((inv, i) => ({
      event: "update", item_type: "invoices", item_id: inv.id, user_id: random.chance(0.7) ? users.approver : users.admin,
      changes: { status: ["PENDING", inv.status] }, created_at: ago(59 - i, 15),
    })),
  ];
  await insertMany(db, "activities", rows.map((r) => ({ ...r, company_id: companyId, changes: JSON.stringify(r.changes) })));
}

export const adminSeed: EntitySeed = async (db, context) => {
  const { companyId, users } = context;
  const who = await people(db, companyId);
  // the login of this company's contact with that e-mail name (admin@acme.test, admin@globex.test …)
  const login = (local: string) => users.get(who.contacts.find((c) => c.email.startsWith(`${local}@`))?.email ?? "");
  const adminUser = (await db.selectFrom("contacts").select("user_id").where("id", "=", who.admin).executeTakeFirstOrThrow()).user_id as number;

  const teams = await seedTeams(db, context, who);
  await seedWorkflows(db, context, who, teams);
  // the chains may approve invoices at once (below every threshold): the engine posts them to the ledger
  await seedApprovalChains(db, context);
  await seedDocuments(db, context, login("ap") ?? adminUser);
  await seedAddresses(db, context, who);
  await seedReports(db, context, adminUser, who.contacts.map((c) => c.email));
  await seedImports(db, context, adminUser);
  await seedCategories(db, context);
  await seedMessages(db, context, who.byEmail("ap") ?? who.admin);
  const memberUsers = await db.selectFrom("contacts").select("user_id").where("company_id", "=", companyId).where("user_id", "is not", null).orderBy("id").execute();
  await seedNotifications(db, context, memberUsers.map((c) => c.user_id as number));
  await seedCustomLabels(db, context);
  await seedSingleSignOn(db, context, who.contacts.find((c) => c.id === who.admin)?.email ?? "admin@example.test");
  await seedActivities(db, context, {
    entry: login("ap") ?? adminUser, approver: login("approver") ?? adminUser, admin: adminUser, purchasing: login("po") ?? adminUser,
  });
};
