/**
 * Virtual, ghost, physical and fleet cards (product spec 2.9): /vcards with the spec's query parameters
 * (vcardsNumber = the last four digits, status, vendorName), /vcards/:vcardID. Statuses (data spec 4):
 * PENDING (awaiting approval), APPROVED (approved, not yet issued), ACTIVE, TEMPORARY BLOCK, BLOCKED,
 * INACTIVE, REJECTED; no composites. Only the last four digits are stored; `masked_number` shows them
 * as four groups (data spec 9). Cards awaiting approval are the view resource vcard_approvals.ts.
 */
import { defineResource } from "../src/framework/resource.js";
import { virtualCardSchema } from "../schemas/virtual_card.js";

export const virtualCardStatuses = {
  field: "status",
  values: [
    { code: "PENDING", color: "gold" },
    { code: "APPROVED", color: "cyan" },
    { code: "ACTIVE", color: "green" },
    { code: "TEMPORARY BLOCK", color: "orange" },
    { code: "BLOCKED", color: "volcano" },
    { code: "INACTIVE", color: "default" },
    { code: "REJECTED", color: "red" },
  ],
} as const;

/** What the card-network simulator is asked to authorize: a purchase at a merchant. */
const simulatedPurchase = {
  type: "object", additionalProperties: false, required: ["vendor_name", "authorized_amount"],
  properties: {
    vendor_name: { type: "string", minLength: 1, maxLength: 200 },
    authorized_amount: { type: "string", format: "money", "x-sign": "positive" },
    transaction_date: { type: "string", format: "date" },
    mcc_category: { type: "string", maxLength: 100 },
    is_international: { type: "boolean" },
    /** settle at once: the transaction clears the same day and is posted */
    settle: { type: "boolean" },
  },
} as const;

/** Statuses in which a card may still be edited or issued; INACTIVE and REJECTED cards are final. */
export const editableCardStatuses = ["PENDING", "APPROVED", "ACTIVE", "TEMPORARY BLOCK", "BLOCKED"];

/** What every list of cards shows and computes; vcard_approvals.ts spreads it. */
export const virtualCardList = {
  schema: virtualCardSchema,
  title: "last4",
  module: "virtual_cards_active",
  statuses: virtualCardStatuses,
  columns: [
    { field: "masked_number", link: "show", linkResource: "virtual_cards", linkIdField: "id", sortable: false },
    { field: "last4", hidden: true, filterable: true },
    { field: "card_holder_name", sortable: false },
    { field: "card_type", kind: "enum", filterable: true },
    { field: "card_program.name", filterable: true },
    { field: "card_program_type", kind: "enum", hidden: true, sortable: false },
    { field: "vendor.name", hidden: true, filterable: true },
    { field: "amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "remaining_amount", kind: "money", currency: "currency_code", total: true, filterable: true },
    { field: "currency_code", hidden: true, filterable: true },
    { field: "expiry", kind: "date", filterable: true },
    { field: "issue_date", kind: "date", hidden: true, filterable: true },
    { field: "subsidiary.name", hidden: true, filterable: true },
    { field: "status", kind: "status", filterable: true },
  ],
  defaultSort: { field: "id", order: "desc" },
  search: ["last4", "description", "external_id", "card_employee_number", "purchasing_profile_name"],
  serverFields: ["remaining_amount", "submitter_contact_id", "has_pending_create_event"],
  computed: ["masked_number", "card_holder_name", "card_program_type", "po_gross_total", "po_net_total", "is_submitter", "currency"],
  relations: {
    contact: { kind: "belongsTo", resource: "contacts", foreignKey: "contact_id", fields: ["id", "first_name", "last_name"] },
    card_program: { kind: "belongsTo", resource: "card_programs", foreignKey: "card_program_id", fields: ["id", "name", "external_id", "account_id", "program_type"] },
    vendor: { kind: "belongsTo", resource: "vendors", foreignKey: "vendor_id", fields: ["id", "name", "vendor_id"] },
    subsidiary: { kind: "belongsTo", resource: "subsidiaries", foreignKey: "subsidiary_id", fields: ["id", "name"] },
    submitter: { kind: "belongsTo", resource: "contacts", foreignKey: "submitter_contact_id", fields: ["id", "first_name", "last_name"] },
    purchase_orders: { kind: "refersMany", resource: "purchase_orders", localKey: "purchase_order_ids", fields: ["id", "number", "amount", "open_balance"] },
    card_transactions: {
      kind: "hasMany", resource: "card_transactions", foreignKey: "virtual_card_id",
      fields: ["id", "transaction_date", "vendor_name", "authorized_amount", "posted_amount", "currency_code", "transaction_status", "transaction_status_description"],
    },
    purchases: { kind: "hasMany", resource: "purchases", foreignKey: "virtual_card_id", fields: ["id", "number", "purchase_date", "amount", "currency_code", "status"] },
  },
} as const;

export default defineResource({
  ...virtualCardList,
  name: "virtual_cards",
  menu: { group: "cards", order: 1 },
  routes: {
    list: "/vcards",
    show: "/vcards/:vcardID",
    views: [{ path: "/vcards", params: { vcardsNumber: "last4", status: "status", vendorName: "vendor.name_like" } }],
  },
  permissions: {
    list: ["listVCards"],
    show: ["readVCards"],
    // data spec 6: "Edit or issue card: addVCards"; the spec has no screen path for either (API only)
    create: ["addVCards"],
    edit: ["addVCards"],
  },
  indexes: ["last4", "status", "card_type", "contact_id", "card_program_id", "vendor_id", "subsidiary_id", "amount", "remaining_amount", "expiry", "issue_date", "currency_code"],
  // a card is created PENDING: submitting starts its chain (data-spec 6: "Edit or issue card: addVCards")
  approvable: { type: "VirtualCard", submittable: ["PENDING"], permission: ["addVCards"] },
  approval: {
    type: "VirtualCard",
    // the card holder asked for the card
    requester: "contact_id",
    // a card already issued (re-approved after a change) is active again; a new one awaits its issue
    statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED", "ACTIVE"] },
    restartOn: ["amount", "vendor_id", "subsidiary_id", "currency_code", "per_transaction_max", "card_program_id", "purchase_order_ids"],
    // a card's limits or controls changed after its approval: approved again before they take effect
    reapprove: {
      fields: ["amount", "per_transaction_min", "per_transaction_max", "is_international_usage", "is_reload_balance_monthly", "start_date", "end_date",
        "expiry", "vendor_id", "currency_code", "card_program_id"],
      statuses: ["APPROVED", "ACTIVE", "TEMPORARY BLOCK"],
    },
  },
  // a card's life after its approval (data-spec 4): issued, blocked for a while or for good, closed
  recordActions: [
    { name: "issue", kind: "post", label: "statusActions.issue", permission: ["addVCards"], when: { status: "APPROVED" }, to: "ACTIVE" },
    { name: "block_temporarily", kind: "post", label: "statusActions.blockTemporarily", permission: ["addVCards"], when: { status: "ACTIVE" }, to: "TEMPORARY BLOCK" },
    { name: "unblock", kind: "post", label: "statusActions.unblock", permission: ["addVCards"], when: { status: "TEMPORARY BLOCK" }, to: "ACTIVE" },
    { name: "block", kind: "post", label: "statusActions.block", permission: ["addVCards"], when: { status: ["ACTIVE", "TEMPORARY BLOCK"] }, to: "BLOCKED", danger: true },
    { name: "deactivate", kind: "post", label: "statusActions.deactivate", permission: ["addVCards"], when: { status: ["ACTIVE", "TEMPORARY BLOCK", "BLOCKED"] }, to: "INACTIVE", confirm: "confirm.deactivate", danger: true },
    // a new card number from the issuer with the same controls, issued at once; the old card is closed
    { name: "replace", kind: "post", label: "statusActions.replaceCard", permission: ["addVCards"], when: { status: ["ACTIVE", "TEMPORARY BLOCK", "BLOCKED"] }, confirm: "confirm.replaceCard" },
    // the card-network simulator (docs/cards.md): a purchase tried on the card, answered by its controls
    { name: "simulate_authorization", kind: "post", label: "statusActions.simulateAuthorization", permission: ["addVCards"], idempotent: true, input: simulatedPurchase },
  ],
  rowActions: [
    { action: "edit", permission: ["addVCards"], when: { status: editableCardStatuses } },
  ],
});
