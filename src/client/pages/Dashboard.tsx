/**
 * Declared dashboards (resources/pages): the variant for the user's role (`variantFor`), its
 * widgets from GET /api/{resource}/stats — count (a figure linking to the filtered list), sum (money
 * in the company currency) and chart (bars per group, each linking to its rows where it can).
 * Widgets over a resource the user may not list are left out.
 */
import { stringifyTableParams, useCustom, useTranslation } from "@refinedev/core";
import { Card, Col, Empty, Flex, Row, Spin, Statistic, Typography } from "antd";
import dayjs from "dayjs";
import { Link } from "react-router";
import type { Filter, PageDef, Widget } from "../../framework/pages.js";
import { resolveFilter, variantFor } from "../../framework/pages.js";
import { canAct } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { formatDate } from "../../framework/dates.js";
import { formatMoney } from "../../framework/money.js";
import { resourceByName } from "../../../resources/index.js";
import { apiUrl } from "../http.js";
import { numberLocale } from "../i18n/index.js";
import { statusKey, valueKey } from "../i18n/keys.js";
import { fieldKind, grammarFilter } from "../registry.js";
import { useUser } from "../user.js";
import { BarChart, type Bar } from "./BarChart.js";

interface StatRow {
  key: string | null;
  count: number;
  sum: string | null;
}

/** The list of `resource` filtered by query-grammar filters, as a link. */
function listLink(resource: ResourceDef, filter: Filter = {}): string | undefined {
  if (!resource.routes.list) return undefined;
  const filters = Object.entries(filter).map(([key, value]) => grammarFilter(key, value));
  return filters.length ? `${resource.routes.list}?${stringifyTableParams({ filters, sorters: [] })}` : resource.routes.list;
}

function useStats(widget: Widget) {
  const query: Record<string, unknown> = { ...widget.filter };
  if (widget.type === "chart") query._group = widget.group;
  const sum = widget.type === "sum" ? widget.field : widget.type === "chart" ? widget.sum : undefined;
  if (sum) query._sum = sum;
  const { result, query: request } = useCustom<StatRow[]>({ url: `${apiUrl}/${widget.resource}/stats`, method: "get", config: { query } });
  return { rows: Array.isArray(result.data) ? result.data : [], loading: request.isLoading };
}

function CountWidget({ widget, resource }: { widget: Widget; resource: ResourceDef }) {
  const { translate } = useTranslation();
  const { rows, loading } = useStats(widget);
  const link = listLink(resource, widget.filter);
  const card = (
    <Card hoverable={Boolean(link)} style={{ height: "100%" }}>
      <Statistic title={translate(widget.title, widget.title)} value={rows[0]?.count ?? 0} loading={loading} />
    </Card>
  );
  return link ? <Link to={link}>{card}</Link> : card;
}

function SumWidget({ widget }: { widget: Widget }) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const { rows, loading } = useStats(widget);
  return (
    <Card style={{ height: "100%" }}>
      <Statistic title={translate(widget.title, widget.title)} loading={loading}
        value={formatMoney(rows[0]?.sum ?? "0", company.currency_code, numberLocale())} />
    </Card>
  );
}

/** A chart bar's label: a status or enum value's label, a month, an aging bucket, a date in the company's format. */
function useBarLabel(resource: ResourceDef, group: string) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const [fn, field] = group.includes(":") ? group.split(":", 2) : [undefined, group];
  return (key: string | null): string => {
    if (key === null) return translate("dashboard.none", "None");
    if (fn === "month") return new Intl.DateTimeFormat(numberLocale(), { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}-01T00:00:00Z`));
    if (fn === "aging") return translate("dashboard.days", { range: key }, `${key} days`);
    if (field === resource.statuses?.field) return translate(statusKey(resource.name, key), key);
    if (fieldKind(resource, field) === "enum") return translate(valueKey(resource.name, field, key), key);
    if (fieldKind(resource, field) === "boolean") return key === "true" ? translate("common.yes", "Yes") : translate("common.no", "No");
    if (fieldKind(resource, field) === "date") return formatDate(key, company.company_date_format);
    return key;
  };
}

/** The rows behind a bar: the widget's filter plus the bar's group value (a column value or a month). */
function barFilter(group: string, key: string | null, filter: Filter = {}): Filter | undefined {
  const [fn, field] = group.includes(":") ? group.split(":", 2) : [undefined, group];
  if (key === null || fn === "aging") return undefined;
  if (fn === "month") {
    const first = dayjs(`${key}-01`);
    return { ...filter, [`${field}_gte`]: first.format("YYYY-MM-DD"), [`${field}_lte`]: first.endOf("month").format("YYYY-MM-DD") };
  }
  return { ...filter, [field]: key };
}

function ChartWidget({ widget, resource }: { widget: Extract<Widget, { type: "chart" }>; resource: ResourceDef }) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const { rows, loading } = useStats(widget);
  const label = useBarLabel(resource, widget.group);
  const title = translate(widget.title, widget.title);
  const bars: Bar[] = rows.map((row) => {
    const value = widget.sum ? Number(row.sum ?? 0) : row.count;
    const filter = barFilter(widget.group, row.key, widget.filter);
    return {
      key: String(row.key),
      label: label(row.key),
      value,
      text: widget.sum ? formatMoney(row.sum ?? "0", company.currency_code, numberLocale()) : String(row.count),
      href: filter ? listLink(resource, filter) : undefined,
    };
  });
  return (
    <Card title={title} size="small" style={{ height: "100%" }}>
      {loading ? <Spin /> : <BarChart bars={bars} title={title} />}
    </Card>
  );
}

export function DashboardPage({ page }: { page: PageDef }) {
  const user = useUser();
  const { translate } = useTranslation();
  const variant = variantFor(page, user.role);
  // relative days ("@today", "@week") become this day's dates
  const today = dayjs().format("YYYY-MM-DD");
  const widgets = (variant?.widgets ?? []).flatMap((declared) => {
    const resource = resourceByName.get(declared.resource);
    const widget = { ...declared, filter: resolveFilter(declared.filter, today) };
    return resource && canAct(user, resource, "list") ? [{ widget, resource }] : [];
  });
  const figures = widgets.filter(({ widget }) => widget.type !== "chart");
  const charts = widgets.filter(({ widget }) => widget.type === "chart");
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>{translate(variant?.title ?? page.title, page.title)}</Typography.Title>
      {widgets.length === 0 ? <Empty description={translate("dashboard.empty", "Nothing to show here for your role.")} /> : null}
      {figures.length ? (
        <Row gutter={[16, 16]}>
          {figures.map(({ widget, resource }, i) => (
            <Col key={i} xs={24} sm={12} lg={8} xl={6}>
              {widget.type === "count" ? <CountWidget widget={widget} resource={resource} /> : <SumWidget widget={widget} />}
            </Col>
          ))}
        </Row>
      ) : null}
      {charts.length ? (
        <Row gutter={[16, 16]}>
          {charts.map(({ widget, resource }, i) => widget.type === "chart" && (
            <Col key={i} xs={24} xl={12}><ChartWidget widget={widget} resource={resource} /></Col>
          ))}
        </Row>
      ) : null}
    </Flex>
  );
}
