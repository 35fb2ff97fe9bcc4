/**
 * The vendor portal's pages (product spec 2.3), reading only `GET /api/portal/{resource}[/{id}]`
 * (docs/portal.md): the home's counts, each section's list and detail, the purchasers. Lists are
 * Refine tables (grid/use-table.tsx) on the data provider under the resource name `portal/{resource}`;
 * values are shown by the generic formatters (format.tsx) with the resource's declaration.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation, useList, useOne } from "@refinedev/core";
import { Button, Card, Col, Descriptions, Flex, Grid, Row as GridRow, Segmented, Space, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from "antd";
import { Link, Navigate, Route, Routes, useParams, useSearchParams } from "react-router";
import { resourceByName, useResources } from "../declarations.js";
import { pages } from "../../../resources/pages/index.js";
import type { ResourceDef } from "../../framework/resource.js";
import { useFormat, type Row } from "../format.js";
import { fieldKey, titleKey } from "../i18n/keys.js";
import { fieldKind } from "../registry.js";
import { NotAuthorized, NotFound } from "../pages/Results.js";
import { switchCompany, useUser } from "../user.js";
import {
  invoiceFilter, invoiceFilters, portalPrefix, portalResource, portalSections, sectionOf,
  type InvoiceFilter, type PortalSection,
} from "./sections.js";
import { useTable } from "../grid/use-table.js";
import { PortalActionButtons } from "./PortalActionButtons.js";
import { InvoiceRemittance, PaymentRemittance, remittanceResources } from "./Remittance.js";
// the settings' forms in a chunk of their own, fetched when opened
const PortalSettings = lazy(() => import("./PortalSettings.js"));

// the portal's write pages: loaded when opened
const SubmitInvoice = lazy(() => import("./SubmitInvoice.js"));
const SubmitAccrual = lazy(() => import("./SubmitAccrual.js"));
// the signed-in user's own page, the staff app's one (it reads only the signed-in user)
const UserProfile = lazy(() => import("../pages/custom/UserProfile.js"));
const userProfilePage = pages.find((page) => page.path === "/user_profile")!;

/** The declarations of the sections and of the lists their records show: loaded by PortalRoutes, read below it. */
const portalResources = [...new Set([...portalSections.flatMap((s) => [s.resource, ...(s.related ?? []).map((r) => r.resource)]), ...remittanceResources])];
const defOf = (name: string): ResourceDef => resourceByName.get(name)!;
const alignRight = new Set(["money", "number"]);
const pageSize = 25;

/** A portal field's label: the resource's field key (`invoices.fields.purchase_orders_number`). */
function useLabel() {
  const { translate } = useTranslation();
  return (resource: string, field: string) => translate(fieldKey(resource, field), field);
}

/** The first column opens the detail page, when the section has one. */
const detailPath = (section: PortalSection, row: Row) => section.detail ? `${portalPrefix}/${section.key}/${String(row.id)}` : undefined;

/**
 * A value as shown: a related record's field (`invoice.status`) by its own resource's declaration (a
 * status by its label, money in the record's currency, else the row's); any other by the resource's.
 */
function useRender() {
  const format = useFormat();
  return (resource: ResourceDef, field: string, row: Row) => {
    const [name, inner] = field.split(".");
    const related = inner ? resourceByName.get(resource.relations?.[name]?.resource ?? "") : undefined;
    if (!related) return format.render(resource, { field }, row);
    const record = row[name] as Row | null | undefined;
    return record ? format.render(related, { field: inner }, { currency_code: row.currency_code, ...record }) : "";
  };
}

function useColumns(resource: ResourceDef, fields: string[], link?: (row: Row) => string | undefined): TableColumnsType<Row> {
  const format = useFormat();
  const render = useRender();
  const label = useLabel();
  return fields.map((field, index) => ({
    key: field,
    dataIndex: field.split("."),
    title: label(resource.name, field),
    // numbers, dates and amounts stay on one line (INV-100465 does not break at its hyphen); texts wrap
    onCell: () => (index === 0 || field.endsWith("number") || fieldKind(resource, field) !== "text" ? { style: { whiteSpace: "nowrap" } } : {}),
    align: alignRight.has(fieldKind(resource, field)) ? "right" : undefined,
    render: (_: unknown, row: Row) => {
      const to = index === 0 ? link?.(row) : undefined;
      return to ? <Link to={to}>{format.text(resource, field, row) || String(row.id)}</Link> : render(resource, field, row);
    },
  }));
}

function Title({ children, extra }: { children: string; extra?: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>{children}</Typography.Title>
      {extra}
    </Flex>
  );
}

/** The section's row action as a last column: a button to its page on the rows it applies to. */
function useRowAction(section: PortalSection): TableColumnsType<Row> {
  const { translate } = useTranslation();
  const action = section.rowAction;
  if (!action) return [];
  const applies = (row: Row) => Object.entries(action.when).every(([field, values]) => values.includes(String(row[field])));
  // kept in view at the right while a narrow screen scrolls the columns beneath it
  return [{
    key: "action", title: "", fixed: "right", render: (_: unknown, row: Row) => applies(row)
      ? <Link to={`${portalPrefix}/${action.path}/${String(row.id)}`}><Button size="small" type="primary">{translate(action.label, action.label)}</Button></Link>
      : null,
  }];
}

function PortalTable({ section, status }: { section: PortalSection; status?: InvoiceFilter }) {
  const resource = defOf(section.resource);
  const phone = Grid.useBreakpoint().sm === false;
  const columns = [...useColumns(resource, phone && section.compact ? section.compact : section.columns, (row) => detailPath(section, row)), ...useRowAction(section)];
  const { tableProps } = useTable<Row>({
    resource: portalResource(section.resource),
    syncWithLocation: false,
    pagination: { pageSize },
    sorters: { initial: [resource.defaultSort] },
    filters: { permanent: status ? invoiceFilter(status) : [] },
  });
  // wider than a phone (a row's action button beside its columns): the table scrolls sideways, the page does not
  return <Table<Row> {...tableProps} rowKey="id" size="small" scroll={{ x: true }} columns={columns} />;
}

function PortalList({ section }: { section: PortalSection }) {
  const { translate } = useTranslation();
  const [params, setParams] = useSearchParams();
  const title = translate(titleKey(section.resource, "list"), section.key);
  // a collection action (add a contact) changes the list: it is read again
  const [version, setVersion] = useState(0);
  if (section.key !== "invoices") {
    const actions = <Space wrap><PortalActionButtons resource={defOf(section.resource)} onDone={() => setVersion((v) => v + 1)} /></Space>;
    return <><Title extra={actions}>{title}</Title><PortalTable key={version} section={section} /></>;
  }
  const wanted = params.get("status") as InvoiceFilter | null;
  const status: InvoiceFilter = wanted && Object.hasOwn(invoiceFilters, wanted) ? wanted : "ALL";
  const filter = (
    <Segmented<InvoiceFilter> aria-label={translate(fieldKey("invoices", "status"), "Status")} value={status}
      options={(Object.keys(invoiceFilters) as InvoiceFilter[]).map((value) => ({ value, label: translate(`portal.invoiceFilters.${value}`, value) }))}
      onChange={(value) => setParams(value === "ALL" ? {} : { status: value })} />
  );
  return <><Title extra={filter}>{title}</Title><PortalTable key={status} section={section} status={status} /></>;
}

function PortalShow({ section }: { section: PortalSection }) {
  const { id = "" } = useParams();
  const { translate } = useTranslation();
  const format = useFormat();
  const render = useRender();
  const label = useLabel();
  const resource = defOf(section.resource);
  const { result: record, query } = useOne<Row>({ resource: portalResource(section.resource), id, errorNotification: false });
  const title = translate(titleKey(section.resource, "show"), section.key);
  if (query.isLoading) return <Spin />;
  if (query.isError || !record) return <NotFound />;
  const heading = `${title} ${format.name(resource, record)}`.trim();
  const items = (section.detail ?? []).map((field) => ({
    key: field,
    label: label(resource.name, field),
    children: render(resource, field, record) || "—",
  }));
  const back = <Link to={`${portalPrefix}/${section.key}`}>{translate("portal.backToList", "Back to list")}</Link>;
  return (
    <Flex vertical gap="middle">
      <Title extra={<Space wrap><PortalActionButtons resource={resource} record={record} onDone={() => void query.refetch()} />{back}</Space>}>{heading}</Title>
      <Card size="small"><Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} /></Card>
      {section.remittance === "payment" ? <PaymentRemittance payment={record} /> : null}
      {section.remittance === "invoice" ? <InvoiceRemittance invoice={record} /> : null}
      {(section.related ?? []).map((r) => <RelatedTable key={r.relation} parent={resource} record={record} {...r} />)}
    </Flex>
  );
}

/** A has-many relation of a detail (an invoice's payments, a payment's invoices), with the portal fields it embeds. */
/** Rows compared as their resource lists them (`defaultSort`): numbers as numbers, else as text. */
function byDefaultSort(resource: ResourceDef): (a: Row, b: Row) => number {
  const { field, order } = resource.defaultSort;
  const sign = order === "desc" ? -1 : 1;
  return (a, b) => {
    const [x, y] = [a[field], b[field]];
    const compared = typeof x === "number" && typeof y === "number" ? x - y : String(x ?? "").localeCompare(String(y ?? ""));
    return sign * compared;
  };
}

function RelatedTable({ parent, record, relation, resource: name, fields }: { parent: ResourceDef; record: Row; relation: string; resource: string; fields: string[] }) {
  const { translate } = useTranslation();
  const label = useLabel();
  const resource = defOf(name);
  const section = portalSections.find((s) => s.resource === name);
  const columns = useColumns(resource, fields, (row) => section && detailPath(section, row));
  const rows = (Array.isArray(record[relation]) ? record[relation] : []) as Row[];
  // money of an embedded record is in its parent's currency when it carries none of its own; in its resource's order (an order's lines by line)
  const data = rows.map((row) => ({ currency_code: record.currency_code, ...row })).sort(byDefaultSort(resource));
  return (
    <Card size="small" title={label(parent.name, relation)}>
      <Table<Row> rowKey="id" size="small" pagination={false} scroll={{ x: true }} columns={columns} dataSource={data}
        locale={{ emptyText: translate("dashboard.none", "None") }} />
    </Card>
  );
}

/** A count of the vendor's records matching `filters` (the list's total), linking to the list. */
function Count({ title, resource, filters, to }: { title: string; resource: string; filters: { field: string; operator: "in"; value: string[] }[]; to: string }) {
  const { result, query } = useList<Row>({ resource: portalResource(resource), filters, pagination: { currentPage: 1, pageSize: 1 } });
  return (
    <Card size="small">
      <Link to={to}><Statistic title={title} value={query.isLoading ? "…" : result.total ?? 0} /></Link>
    </Card>
  );
}

function RecentPayments() {
  const { translate } = useTranslation();
  const payments = sectionOf("payments");
  const resource = defOf("payments");
  const phone = Grid.useBreakpoint().sm === false;
  const columns = useColumns(resource, phone ? ["payment_number", "amount", "status"] : ["payment_number", "payment_date", "amount", "status"], (row) => detailPath(payments, row));
  const { result, query } = useList<Row>({ resource: portalResource("payments"), sorters: [{ field: "payment_date", order: "desc" }], pagination: { currentPage: 1, pageSize: 5 } });
  return (
    <Card size="small" title={translate("portal.home.recentPayments", "Recent payments")}
      extra={<Link to={`${portalPrefix}/payments`}>{translate(titleKey("payments", "list"), "Payments")}</Link>}>
      <Table<Row> rowKey="id" size="small" pagination={false} scroll={{ x: true }} loading={query.isLoading} columns={columns} dataSource={result.data}
        locale={{ emptyText: translate("dashboard.none", "None") }} />
    </Card>
  );
}

function PortalHome() {
  const user = useUser();
  const { translate } = useTranslation();
  const open = (codes: string[]) => [{ field: "status", operator: "in" as const, value: codes }];
  return (
    <Flex vertical gap="middle">
      <Title>{translate("portal.title", "Vendor portal")}</Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        {translate("portal.welcome", { name: user.name }, `Welcome, ${user.name}.`)}
      </Typography.Paragraph>
      <Typography.Title level={5} style={{ margin: 0 }}>{translate("portal.home.attention", "Needs your attention")}</Typography.Title>
      <GridRow gutter={[12, 12]}>
        <Col xs={12} md={6}><Count title={translate("portal.home.openInvoiceRequests", "Open invoice requests")} resource="invoice_requests" filters={open(["NEW", "SENT"])} to={`${portalPrefix}/invoice_requests`} /></Col>
        <Col xs={12} md={6}><Count title={translate("portal.home.waitingAccrualRequests", "Accrual requests waiting")} resource="accrual_requests" filters={open(["NEW", "SENT"])} to={`${portalPrefix}/accrual_requests`} /></Col>
      </GridRow>
      <Typography.Title level={5} style={{ margin: 0 }}>{translate("portal.home.invoices", "Invoices by status")}</Typography.Title>
      <GridRow gutter={[12, 12]}>
        {(["NEW", "PENDING", "PAID"] as const).map((status) => (
          <Col key={status} xs={8} md={6}>
            <Count title={translate(`portal.invoiceFilters.${status}`, status)} resource="invoices" filters={invoiceFilter(status) as never} to={`${portalPrefix}/invoices?status=${status}`} />
          </Col>
        ))}
      </GridRow>
      <RecentPayments />
    </Flex>
  );
}

function Purchasers() {
  const user = useUser();
  const { translate } = useTranslation();
  return (
    <>
      <Title>{translate("portal.menu.purchasers", "Purchasers")}</Title>
      <Table rowKey="id" size="small" pagination={false} dataSource={user.companies}
        columns={[{
          key: "name", title: translate("portal.purchaser", "Purchaser"),
          render: (_: unknown, c: { id: number; name: string }) => (
            <Space><Link to={`${portalPrefix}/purchasers/${c.id}`}>{c.name}</Link>{c.id === user.company.id ? <Tag color="blue">{translate("portal.current", "Current")}</Tag> : null}</Space>
          ),
        }]} />
    </>
  );
}

function Purchaser() {
  const user = useUser();
  const { translate } = useTranslation();
  const { id } = useParams();
  const company = user.companies.find((c) => String(c.id) === id);
  if (!company) return <NotFound />;
  const current = company.id === user.company.id;
  return (
    <Flex vertical gap="middle">
      <Title extra={<Link to={`${portalPrefix}/purchasers`}>{translate("portal.backToList", "Back to list")}</Link>}>{company.name}</Title>
      <Card size="small">
        {current ? (
          <Space wrap>
            <Tag color="blue">{translate("portal.current", "Current")}</Tag>
            {["invoices", "payments", "purchase_orders"].map((key) => (
              <Link key={key} to={`${portalPrefix}/${key}`}>{translate(titleKey(key, "list"), key)}</Link>
            ))}
          </Space>
        ) : (
          <Button type="primary" onClick={() => void switchCompany(company.id)}>{translate("portal.switchPurchaser", "Work with this purchaser")}</Button>
        )}
      </Card>
    </Flex>
  );
}

/** Every `/vendor_portal/*` route; staff users are refused (their API calls would be 403). */
export default function PortalRoutes() {
  const user = useUser();
  useResources(portalResources);
  if (!user.portal) return <NotAuthorized />;
  return (
    <Routes>
      <Route index element={<PortalHome />} />
      {portalSections.map((section) => [
        <Route key={section.key} path={section.key} element={<PortalList key={section.key} section={section} />} />,
        section.detail ? <Route key={`${section.key}/:id`} path={`${section.key}/:id`} element={<PortalShow key={section.key} section={section} />} /> : null,
      ])}
      <Route path="submit_accrual/:id" element={<Suspense fallback={<Spin />}><SubmitAccrual /></Suspense>} />
      <Route path="submit_invoice/:id" element={<Suspense fallback={<Spin />}><SubmitInvoice /></Suspense>} />
      <Route path="settings" element={<Navigate replace to={`${portalPrefix}/settings/general`} />} />
      <Route path="settings/:status" element={<Suspense fallback={<Spin />}><PortalSettings /></Suspense>} />
      <Route path="user_profile" element={<Suspense fallback={<Spin />}><UserProfile page={userProfilePage} /></Suspense>} />
      <Route path="purchasers" element={<Purchasers />} />
      <Route path="purchasers/:id" element={<Purchaser />} />
      <Route path="contacts" element={<Navigate replace to={`${portalPrefix}/vendor_contacts`} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

