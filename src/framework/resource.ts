/**
 * The resource declaration: the one contract every entity is described by.
 * Plain data only (no React, no SQL); server and client both build from it.
 */
import type { JSONSchema } from "json-schema-to-ts";
import type { approvableTypes } from "../../schemas/approval.js";
import type { workflowTypes } from "../../schemas/workflow.js";

export type WorkflowType = (typeof workflowTypes)[number];
/** what an approval is about: a workflow type's record, or a card purchase (VirtualCard workflows) */
export type ApprovableType = (typeof approvableTypes)[number];

export type PermissionKeys = readonly string[];

/** A small filter object evaluated identically on server and client (see conditions.ts). */
export type Condition = Record<string, unknown>;

/**
 * `card`: a card number's last four digits, shown masked as "**** **** **** 1234"; `resource`: a
 * resource (table) name, shown as the resource's title ("invoices" reads "Invoice"), filtered by a
 * choice of titles (an activity's record type).
 */
export type ColumnKind = "text" | "number" | "money" | "date" | "datetime" | "status" | "boolean" | "enum" | "card" | "resource";

export interface ColumnDef {
  field: string;
  kind?: ColumnKind;
  /** link the cell to the show page of this resource (or of a related one, through `linkResource`) */
  link?: "show";
  linkResource?: string;
  linkIdField?: string;
  /** path (dot notation) of the row's ISO currency code, for money columns */
  currency?: string;
  /** for an enum column whose codes another list labels: that list's locale section (a sign-in role: "roles") */
  codes?: string;
  /** offer this column's sum in the footer for selected rows */
  total?: boolean;
  hidden?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  width?: number;
  /** shown only in a company whose setting of this name is on (data-spec 5: advanced two-way matching) */
  companySetting?: string;
  /** a boolean shown as a tick or a cross whose label is the value's words (data-spec 5: the matched icon) */
  icon?: true;
}

export interface StatusDef {
  code: string;
  color: string;
}

export interface StatusSet {
  field: string;
  values: readonly StatusDef[];
  /** composite filter codes, e.g. PAYABLE = APPROVED | OPEN */
  composites?: Readonly<Record<string, readonly string[]>>;
}

/** The pages a route can show. */
export type PageKind = "list" | "show" | "create" | "edit" | "duplicate" | "approval";

export interface RouteView {
  path: string;
  /** the page this route shows (default list); e.g. an older edit path, an approval screen */
  page?: PageKind;
  /** filters always applied on this view */
  preset?: Readonly<Record<string, string | readonly string[]>>;
  /** query-string parameters of the route mapped to filter fields (list pages), or to the fields
   *  they prefill (create pages, e.g. /log_new_receipt?poID → purchase_order_id) */
  params?: Readonly<Record<string, string>>;
  title?: string;
  /** a hand-written page (src/client/pages/custom, by name) renders this route instead of the
   *  generated one; the route keeps the resource's guard, links and menu entry */
  component?: string;
  /** an approver's list of approvable records: what awaits the user (`awaiting=me`) by default, bulk approve */
  approvalList?: boolean;
}

export interface ResourceRoutes {
  list?: string;
  show?: string;
  /** path parameters other than the record id prefill fields of the same name */
  create?: string;
  edit?: string;
  /** a create form prefilled from the record in the path */
  duplicate?: string;
  /** more routes: list views with preset filters and query parameters, or aliases of other pages */
  views?: readonly RouteView[];
}

export interface ResourcePermissions {
  list: PermissionKeys;
  show: PermissionKeys;
  create?: PermissionKeys;
  edit?: PermissionKeys;
  delete?: PermissionKeys;
}

export interface RowAction {
  /** duplicate opens `routes.duplicate` (a create form prefilled from the row) */
  action: "edit" | "delete" | "show" | "duplicate";
  permission: PermissionKeys;
  when?: Condition;
  /** i18n key of the confirmation text; interpolated with the row */
  confirm?: string;
}

/**
 * An operation on one record beyond list/show/edit/delete (a declared action), offered as a button on
 * its show page and served by the framework (src/server/resources/actions.ts):
 * - `post`: POST /api/{resource}/{id}/{name} with the `input` the user gives (and `body`); the row is
 *   locked, `permission` (any one) and `when` are checked on it (403 / 409), the input validated
 *   (422 per field), then the handler and an audit row run in one transaction; the answer's record is
 *   shown next (e.g. a reissue answers with the new payment);
 * - `download`: GET /api/{resource}/{id}/{name} saved as a file (e.g. check.pdf);
 * - `view`: GET /api/{resource}/{id}/{name} whose `data` object is shown as fields in a dialog.
 * The handler is the resource's server module's, by the action's name (a `to` transition needs none).
 * Two declarations may share a name (one endpoint, two buttons, e.g. void and void as refunded): the
 * server accepts the call when one of them allows it (its permission held and its `when` matched).
 */
export interface RecordAction {
  name: string;
  kind: "post" | "download" | "view";
  /** i18n key of the button (also its identity: two actions may share an endpoint, e.g. void and void as refunded) */
  label: string;
  permission: PermissionKeys;
  when?: Condition;
  /** why the server refuses the action when `when` does not hold (409), in plain words where the status alone would not say it; `{title}` is the record's title */
  refusal?: string;
  /** i18n key of the confirmation text; interpolated with the record */
  confirm?: string;
  /** fixed body values the button sends (with the user's input) */
  body?: Readonly<Record<string, unknown>>;
  /**
   * JSON Schema (draft-07, an object) of what the user gives before the POST: validated by the server
   * (422 per field), rendered by the client (one text field as a small input, else a generated form).
   */
  input?: JSONSchema & object;
  danger?: boolean;
  /** money moves: the endpoint honours Idempotency-Key (docs/api.md "Idempotency") */
  idempotent?: boolean;
  /** also offered on the list for ticked rows: POST /api/{resource}/bulk/{name} with { ids, ...input } */
  bulk?: boolean;
  /**
   * A declared status transition served by the framework with no handler: the record matching `when`
   * moves to status `to`, through the resource's update hooks and the approval engine, audited.
   */
  to?: string;
}

/**
 * The declared record actions of a resource, the derived one included: a resource declaring
 * `approvable` has `submit` (its permission the approvable's; the approval engine checks the status).
 */
export function declaredActions(resource: Pick<ResourceDef, "recordActions" | "approvable">): readonly RecordAction[] {
  const own = resource.recordActions ?? [];
  if (!resource.approvable || own.some((a) => a.name === "submit")) return own;
  return [...own, { name: "submit", kind: "post", label: "approval.submit", permission: resource.approvable.permission }];
}

/** A resource's declared actions by endpoint: the declarations sharing a name share one (e.g. void and void as refunded). */
export function actionGroups(resource: Pick<ResourceDef, "recordActions" | "approvable">): { name: string; variants: readonly RecordAction[] }[] {
  const byName = new Map<string, RecordAction[]>();
  for (const action of declaredActions(resource)) byName.set(action.name, [...(byName.get(action.name) ?? []), action]);
  return [...byName].map(([name, variants]) => ({ name, variants }));
}

/**
 * A warning at the top of a record's pages (show, approval, edit) while the record matches `when`: what
 * holds the record and why, before anyone acts on it (docs/client.md "Notices"). E.g. an invoice held by
 * its open matching exceptions, each listed with its reason, with the override offered to whoever may.
 */
export interface RecordNotice {
  when: Condition;
  /** i18n key of the headline, interpolated with the record; with `list`, also with `count` (plural keys `_one`, `_other`) */
  message: string;
  /** i18n key of a sentence under the list: what to do about it */
  detail?: string;
  /**
   * the related rows listed, each by its `field` (a reason in plain words): a has-many relation's rows matching
   * `where`, in ascending order of `orderBy` (the server embeds the newest first)
   */
  list?: { relation: string; where?: Condition; field: string; orderBy?: string };
  /** a declared record action (by name) offered in the notice, to whoever it is offered to on the page */
  action?: string;
  /**
   * i18n key of why the approver cannot approve the record while the notice shows (the approval engine's
   * refusal): Approve is disabled with it as its tooltip; Reject stays.
   */
  holdsApproval?: string;
}

/** belongs-to: this row's `foreignKey` points at `resource` */
export interface BelongsTo {
  kind: "belongsTo";
  resource: string;
  foreignKey: string;
  fields: readonly string[];
}

/**
 * has-many: rows of `resource` whose `foreignKey` points at this row (and that match `where`);
 * with `through`, rows of `resource` reached over a link resource: the link's `foreignKey` points
 * at this row and its `through.key` at the related row (many-to-many, e.g. invoices ↔ payments).
 */
export interface HasMany {
  kind: "hasMany";
  resource: string;
  foreignKey: string;
  fields: readonly string[];
  /** fixed column values, e.g. the type column of a polymorphic link ({ item_type: "invoices" }) */
  where?: Readonly<Record<string, string>>;
  through?: { resource: string; key: string };
  /** the related rows are part of the record: whoever reads it reads them, without the related list's keys (a record's documents) */
  readWithParent?: boolean;
  /** the related rows pass through their resource's decorate hook on the show page (an activity's user named, not numbered) */
  decorated?: boolean;
}

/** refers-many: this row's array column `localKey` holds ids of `resource` */
export interface RefersMany {
  kind: "refersMany";
  resource: string;
  localKey: string;
  fields: readonly string[];
}

export type Relation = BelongsTo | HasMany | RefersMany;

/**
 * A document's lines: the rows of one of its has-many relations, written with the document in one
 * request and edited in one grid (docs/adding-an-entity.md, docs/api.md). The relation's name is the
 * key of the lines in the request and the answer, and the prefix of their errors (`po_items.2.quantity`).
 */
export interface LinesDef {
  /** the has-many relation (no `through`) whose rows are the lines */
  relation: string;
  /** the line fields edited in the grid, in order (writable fields of the line resource) */
  fields: readonly string[];
  /** the line field numbering the lines: a new line sent without one gets the next number */
  position?: string;
  /**
   * the line field summed in the grid's footer; with `product` the line hooks store it as the product of
   * those fields; `document`: the document field the lines' sum is rolled into by the line hooks (the
   * form does not offer it while the document has lines)
   */
  total?: { field: string; product?: readonly string[]; document?: string };
  /** the picker dialog pulling open lines of other records into the grid */
  pick?: LinePick;
  /**
   * a reference chosen on a line fills line fields from the chosen record (line field ← its field), in the
   * grid at once and by the line's server hooks when the line leaves them out, e.g.
   * { catalogue_item_id: { description: "display_name", unit_price: "price" } }
   */
  fill?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * the line resource's documents relation (documentsOf): the lines are read with their files, and the
   * grid shows them in a cell per line — each file's name opening it — with an upload or take-a-photo
   * control on a saved line where the user may attach (src/client/documents/attach-rights.ts)
   */
  files?: string;
  /**
   * read-only figures shown after a line field, in the grid and on the show page (line field → paths): a
   * line's own server-owned or computed field (`qty_received`), or `relation.field` of one of the line's
   * belongs-to relations, computed fields included, e.g. { po_item_id: ["po_item.quantity", "po_item.qty_received"] }.
   * Context, not line fields: the server reads the relation's figures with the lines (read.ts), the grid
   * fills them when the reference is chosen or the line pulled, and a write never takes them (a relation's
   * object is ignored, an unknown field refused with 422, a server-owned one too).
   */
  context?: Readonly<Record<string, readonly string[]>>;
}

/** "Find records, tick several, pull their open lines" (data-spec 2): e.g. a receipt pulls open PO lines. */
export interface LinePick {
  /** the resource whose records are found and ticked, e.g. purchase_orders */
  from: string;
  /** that resource's has-many relation holding the lines pulled, e.g. po_items */
  relation: string;
  /** only the lines matching this condition are pulled (data-spec 2: { qty_balance: { gt: 0 } }) */
  open: Condition;
  /** new line field ← pulled line field, e.g. { po_item_id: "id", quantity: "qty_balance" } */
  map: Readonly<Record<string, string>>;
  /** the records offered: `from` field = the document's field, e.g. { id: "purchase_order_id" } */
  match?: Readonly<Record<string, string>>;
  /** and only those with these values (a status code may be a composite), e.g. { status: "ACTIVE" } */
  offered?: Readonly<Record<string, string>>;
}

/** How rows belong to a company. */
export type Tenancy =
  | "company_id"
  | "self"
  | { via: string; on: string };

export interface ResourceDef {
  name: string;
  /** table name; defaults to `name`. A resource on another resource's table is a view of it
   *  (with its own routes, permissions and baseFilter) and shares that resource's server hooks. */
  table?: string;
  schema: JSONSchema & object;
  /** field shown as the record's title (sorted and searched on, and the server's record number) */
  title: string;
  /** fields shown together as the record's name where one field does not name it (a contact: first and last name); default [title] */
  nameFields?: readonly string[];
  routes: ResourceRoutes;
  permissions: ResourcePermissions;
  /** company module setting that must be on, e.g. invoices_active */
  module?: string;
  statuses?: StatusSet;
  columns: readonly ColumnDef[];
  defaultSort: { field: string; order: "asc" | "desc" };
  /** text columns searched by `q`; `relation.field` searches a belongs-to relation's column (an invoice's `vendor.name`) */
  search?: readonly string[];
  /** columns that get a database index (sort and filter targets) */
  indexes?: readonly (string | readonly string[])[];
  rowActions?: readonly RowAction[];
  /** operations on one record shown as buttons on its show page (see RecordAction) */
  recordActions?: readonly RecordAction[];
  /** warnings at the top of the record's pages while a condition holds (see RecordNotice) */
  notices?: readonly RecordNotice[];
  relations?: Readonly<Record<string, Relation>>;
  /** has-many relations whose rows are written with the document (see LinesDef) */
  lines?: readonly LinesDef[];
  tenancy?: Tenancy;
  /** filters (query-grammar form) every request on this resource is confined to, e.g. a view of a table;
   *  a list of values means any of them */
  baseFilter?: Readonly<Record<string, string | readonly string[]>>;
  /** column holding the signed-in user's id: each user sees (and creates) only their own rows, e.g. notifications */
  owner?: string;
  /** rows personal to a user (expenses: their employee's; approver lists: awaiting them): see PersonalScope */
  personalScope?: PersonalScope;
  /**
   * Fields the server fills beyond id/company_id/timestamps: statuses' companions (approval_status),
   * balances, numbers it issues, creators and submitters, submit dates, rates. Together with the status
   * field and read-only properties they are server-owned (schema.ts isServerOwned): a create or update
   * body naming one is refused with 422 "is set by the server and cannot be written", except that an
   * update echoing a record back with the stored value unchanged is accepted (the field is ignored).
   */
  serverFields?: readonly string[];
  /**
   * Server-owned fields a client may nonetheless send, per mode: e.g. an invoice created as DRAFT or
   * NEW (`{ create: ["status"] }`); the resource's hook checks the value. Every other status move is
   * a declared transition (RecordAction `to`) or the approval engine's.
   */
  clientWritable?: { create?: readonly string[]; update?: readonly string[] };
  /** fields the server computes on read (named hooks in src/server/domain) */
  computed?: readonly string[];
  /**
   * computed lists whose rows are records of another resource, each carrying its `id` (a budget's consuming
   * orders: { consuming_orders: "purchase_orders" }): under Breakdown, each row's first field links to its page
   */
  computedLists?: Readonly<Record<string, string>>;
  /**
   * A document in a currency of its own (docs/currency.md): the server fixes `rate` (units of the
   * company's functional currency per unit of `currency`) from the company's exchange rates at `date`
   * when the record is written; `amounts` maps money fields to their stored counterparts in the
   * functional currency (`amount` → `amount_in_functional`). Totals across rows (stats) sum those.
   */
  functional?: FunctionalDef;
  /** list row height in pixels when not the default 25 (data-spec 9: 50 for accruals) */
  rowHeight?: number;
  /** show in the menu */
  menu?: { group: string; order?: number } | false;
  /** what a vendor contact may see of the resource in the vendor portal (PortalDef, docs/portal.md) */
  portal?: PortalDef;
  /**
   * The record goes through the approval engine as `type`: `POST /api/{name}/{id}/submit` starts
   * its chain when its status is one of `submittable`, and its show page carries the approval timeline.
   */
  approvable?: { type: string; submittable: readonly string[]; permission: PermissionKeys };
  /**
   * The approval of this resource's records (ApprovalDef): declared on the resource that sees them in
   * every approval state. The type lists (schemas/approval-types.ts), the engines, the notice labels and
   * the record kinds are derived from these declarations; its server module implements `approval`.
   */
  approval?: ApprovalDef;
  /**
   * The record kind that polymorphic references name this resource by (a document's `assetable_type`,
   * a journal line's source, an audit row's `item_type`): `Invoice`, `PurchaseOrder`… One resource per kind.
   */
  kind?: string;
}

/**
 * How a resource's records go through the approval engine, as data. The behaviour (facts, checks,
 * what an approval does) is the resource's server module's `approval`; the notice label is the locale
 * key `approvals.values.approvable_type.<type>` (checked at boot in every locale).
 */
export interface ApprovalDef {
  /** the approvable type: approval rows' `approvable_type`, the workflow type unless `workflowType` */
  type: string;
  /** whose workflows apply (payment methods: Vendor's); default `type` */
  workflowType?: string;
  /** the record's statuses: pending while its chain runs, rejected when an approver rejects it; approved: the
   *  statuses an approval may end in (the module's `approvedStatus` picks one when there are several) */
  statuses: { pending: string; rejected: string; approved: readonly [string, ...string[]] };
  /** the record's contact column naming who asked for it (OTHER steps ask that contact's manager) */
  requester?: string;
  /** fields whose change by an edit restarts a pending chain; a lines relation's name: any line written */
  restartOn?: readonly string[];
  /** sensitive fields whose change on a record in one of `statuses` sends it back through its workflow */
  reapprove?: { fields: readonly string[]; statuses: readonly string[] };
  /** the record's amount column shown with its approvals (default `amount`; absent from the table: none) */
  amountColumn?: string;
}

export interface FunctionalDef {
  rate: string;
  currency: string;
  date: string;
  amounts: Readonly<Record<string, string>>;
}

/** Whether `field` holds an amount in the company's functional currency (whatever the row's own currency). */
export const isFunctionalAmount = (resource: Pick<ResourceDef, "functional">, field: string): boolean =>
  Object.values(resource.functional?.amounts ?? {}).includes(field);

/**
 * The vendor portal's view of a resource (docs/portal.md): served at GET /api/portal/{name} and
 * /api/portal/{name}/{id} (only the `actions` listed) to vendor-portal users alone, every statement
 * confined to the rows whose `scope` column is the signed-in contact's vendor.
 */
export interface PortalDef {
  /**
   * the column naming the record's vendor (vendor_id); or `relation.column` for a record without one:
   * through its belongs-to `relation` into a portal resource whose scope is `column`, the record is the
   * vendor's when that record is one the portal shows them (a purchase order's lines: `purchase_order.vendor_id`)
   */
  scope: string;
  actions: readonly ("list" | "show")[];
  /**
   * The only fields a vendor sees, filters, sorts and searches on (id always): columns, computed
   * fields, and `relation.field` of a relation whose resource is in the portal too (that field in its
   * portal fields): the relation is embedded with those fields only. Checked at boot (portal.ts).
   */
  fields: readonly string[];
  /**
   * Rows the portal never shows, in the query grammar's form like `baseFilter` (e.g. `{ status_ne: "DRAFT" }`:
   * a draft is the purchaser's work in progress): added to the confinement of every portal statement,
   * so such a row is not listed, counted, embedded or found (404). Checked at boot.
   */
  where?: Readonly<Record<string, string | readonly string[]>>;
  /** what a vendor does in the portal: POST /api/portal/{name}[/{id}]/{action} (portal-actions.ts) */
  recordActions?: readonly PortalAction[];
}

/**
 * A vendor's write in the portal, served by the framework (src/server/resources/portal-actions.ts,
 * docs/portal.md "Writes"): on one of the vendor's rows (found confined, locked, `when` checked: 409)
 * or, `collection`, on none; the input validated (422 per field); audit row and the server module's
 * `portalActions` handler in one transaction.
 */
export interface PortalAction {
  name: string;
  /** i18n key of the button */
  label: string;
  /** no row: POST /api/portal/{name}/{action} */
  collection?: true;
  /** on the row as the portal shows it (its portal fields) */
  when?: Condition;
  /** JSON Schema (draft-07, an object) of what the vendor gives */
  input?: JSONSchema & object;
  /**
   * The request is multipart/form-data: the input's fields as text, then one part `file`, checked as
   * a document upload (type and size, `fileTypes` the extensions allowed) and stored before the
   * transaction; the handler attaches it. "required": none is a 422 on `file`.
   */
  file?: "required" | "optional";
  fileTypes?: readonly string[];
  /** honours Idempotency-Key (docs/api.md "Idempotency") */
  idempotent?: true;
}

/** The path of a portal action (`:id` the row's, unless a collection action). */
export const portalActionPath = (resource: string, action: Pick<PortalAction, "name" | "collection">): string =>
  `/api/portal/${resource}${action.collection ? "" : "/:id"}/${action.name}`;

/**
 * Rows personal to a user. A user holding none of `all`'s keys sees and acts on (list, show, stats,
 * edit, delete, actions) only their own rows — whose contact column `contact` is theirs (expenses:
 * the employee) — and the rows of a record awaiting their approval (a pending approval row of
 * `approvals.type` naming them, a team of theirs or a delegator of theirs, for the record whose id is
 * in column `approvals.key`); a row they create or edit is their own. Without `contact` (an approver's
 * list, e.g. PO approvals) only the awaiting rows. Other rows do not exist for them (404).
 * `contact` may name a belongs-to relation's column (`virtual_card.contact_id`: a transaction is the
 * card holder's); such rows are theirs to read, not to file. Without `all`, a "my" view: every user
 * sees only their own rows, whatever their keys.
 */
export interface PersonalScope {
  contact?: string;
  all?: PermissionKeys;
  approvals?: { type: string; key: string };
}

export function defineResource<const R extends ResourceDef>(def: R): R {
  return def;
}

export const tableOf = (r: Pick<ResourceDef, "name" | "table">) => r.table ?? r.name;

export interface RouteEntry<R extends Pick<ResourceDef, "routes"> = ResourceDef> {
  path: string;
  resource: R;
  page: PageKind;
  view?: RouteView;
  /** the path parameter naming the record (show, edit, duplicate, approval): the path's first one */
  idParam?: string;
}

/** Pages about one record, whose path's first parameter is the record id. */
const recordPages: ReadonlySet<PageKind> = new Set(["show", "edit", "duplicate", "approval"]);

/** The `:param` names of a route path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);

/**
 * Which parameter of a route is the record id: the first of a record page's path. The other path
 * parameters, and the query parameters its view maps (`params`), prefill forms and filter lists.
 */
export const idParamOf = (page: PageKind, path: string): string | undefined =>
  recordPages.has(page) ? pathParams(path)[0] : undefined;

/** Every route a resource declares, with the page it shows. */
export function routesOf<R extends Pick<ResourceDef, "routes">>(resource: R): RouteEntry<R>[] {
  const { list, show, create, edit, duplicate, views = [] } = resource.routes;
  const entries: RouteEntry<R>[] = [];
  const fixed: [PageKind, string | undefined][] = [["list", list], ["show", show], ["create", create], ["edit", edit], ["duplicate", duplicate]];
  for (const [page, path] of fixed) if (path) entries.push({ path, resource, page });
  for (const view of views) {
    const page = view.page ?? "list";
    const same = entries.findIndex((e) => e.path === view.path);
    if (same >= 0) entries[same] = { ...entries[same], view };
    else entries.push({ path: view.path, resource, page, view });
  }
  return entries.map((e) => ({ ...e, idParam: idParamOf(e.page, e.path) }));
}

/** The permission keys guarding a page of the resource (any one). */
export function pagePermissions(resource: Pick<ResourceDef, "permissions">, page: PageKind): PermissionKeys | undefined {
  if (page === "list") return resource.permissions.list;
  if (page === "show" || page === "approval") return resource.permissions.show;
  if (page === "duplicate") return resource.permissions.create;
  return resource.permissions[page];
}

/**
 * The approval type lists derived from the declarations' `approval` (schemas/approval-types.ts is
 * written from this by `npm run db:generate`): every declared type is approvable; the types that
 * approve by their own workflows (no `workflowType` of another) are workflow types. Registry order.
 */
export function approvalTypeLists(resources: readonly ResourceDef[]): { workflowTypes: string[]; approvableTypes: string[] } {
  const declared = resources.flatMap((r) => (r.approval ? [r.approval] : []));
  return {
    workflowTypes: declared.filter((a) => (a.workflowType ?? a.type) === a.type).map((a) => a.type),
    approvableTypes: declared.map((a) => a.type),
  };
}
