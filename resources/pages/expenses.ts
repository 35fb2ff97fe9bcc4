/**
 * The corporate-cards dashboard (product spec 2.9), at /dashboard/corporate_cards and its alias
 * /vcards_dashboard: admin-type roles get the admin dashboard, everyone else the staff one. Widgets
 * only use resources their audience may list (the staff variant needs listVCards alone).
 */
import type { DashboardVariant, PageDef } from "../../src/framework/pages.js";

/** Admin-type roles of the spec (section 6) that run cards; admin_vcard is a spec role name not in our matrix yet. */
const cardAdminRoles = ["admin", "admin_readonly", "super_admin", "vcard_admin", "admin_vcard"];

const spending = ["Approved", "CLEARED"];

const cardVariants: readonly DashboardVariant[] = [
  {
    roles: cardAdminRoles,
    title: "dashboards.cardsAdmin",
    widgets: [
      { type: "count", title: "widgets.cardsActive", resource: "virtual_cards", filter: { status: "ACTIVE" } },
      { type: "count", title: "widgets.cardsPendingApproval", resource: "virtual_cards", filter: { status: "PENDING" } },
      { type: "sum", title: "widgets.cardsAvailable", resource: "virtual_cards", field: "remaining_amount", filter: { status: "ACTIVE" } },
      { type: "count", title: "widgets.cardAuthorizations", resource: "card_transactions", filter: { transaction_status: "Approved" } },
      { type: "sum", title: "widgets.cardSpendCleared", resource: "card_transactions", field: "posted_amount", filter: { transaction_status: "CLEARED" } },
      { type: "sum", title: "widgets.statementsToPay", resource: "statements", field: "current_balance", filter: { status: ["OPEN", "APPROVED"] } },
      { type: "chart", title: "widgets.cardSpendByMonth", resource: "card_transactions", group: "month:transaction_date", sum: "authorized_amount", filter: { transaction_status: spending } },
      { type: "chart", title: "widgets.cardTransactionsByStatus", resource: "card_transactions", group: "transaction_status", sum: "authorized_amount" },
      { type: "chart", title: "widgets.cardsByStatus", resource: "virtual_cards", group: "status", sum: "amount" },
    ],
  },
  {
    title: "dashboards.cardsStaff",
    widgets: [
      { type: "count", title: "widgets.cardsActive", resource: "virtual_cards", filter: { status: "ACTIVE" } },
      { type: "count", title: "widgets.cardsPendingApproval", resource: "virtual_cards", filter: { status: "PENDING" } },
      { type: "sum", title: "widgets.cardsAvailable", resource: "virtual_cards", field: "remaining_amount", filter: { status: "ACTIVE" } },
      { type: "chart", title: "widgets.cardsByStatus", resource: "virtual_cards", group: "status", sum: "amount" },
    ],
  },
];

const cardDashboard = (path: string): PageDef => ({
  path,
  kind: "dashboard",
  title: "dashboards.corporateCards",
  permissions: ["corporateCardsDashboard", "listVCards"],
  module: "virtual_cards_active",
  resource: "virtual_cards",
  variants: cardVariants,
});

export const expensePages: readonly PageDef[] = [cardDashboard("/dashboard/corporate_cards"), cardDashboard("/vcards_dashboard")];
