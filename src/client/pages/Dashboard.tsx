/**
 * Declared dashboards (resources/pages): the variant for the user's role (`variantFor`), its
 * widgets from GET /api/{resource}/stats — count and sum (a figure, the sum in the company currency,
 * linking to the filtered list) and chart (bars per group, each linking to its rows, months as columns
 * left to right; with `total`, the bars' total under them) — and list widgets (DashboardList). The
 * page is loaded on demand, its charts with it (a light SVG: a chunk of their own cost the other
 * pages' first load more than it saved).
 * Widgets over a resource the user may not list are left out.
 */
import { useCustom, useTranslation } from "@refinedev/core";
import { Card, Col, Empty, Flex, Grid, Row, Spin, Statistic, Typography } from "antd";
import dayjs from "dayjs";
import { Link } from "react-router";
import type { PageDef, Widget } from "../../framework/pages.js";
import { resolveFilter, variantFor } from "../../framework/pages.js";
import { canAct } from "../../framework/permissions.js";
import type { ResourceDef } from "../../framework/resource.js";
import { formatDate } from "../../framework/dates.js";
import { formatMoney, sum } from "../../framework/money.js";
import { outlineByName, useResources } from "../declarations.js";
import { apiUrl } from "../http.js";
import { numberLocale } from "../i18n/index.js";
import { statusKey, valueKey } from "../i18n/keys.js";
import { fieldKind } from "../registry.js";
import { useUser } from "../user.js";
import { BarChart, type Bar } from "./BarChart.js";
import { barFilter, listLink } from "./dashboard-links.js";
import { ListWidget, wrappedTitle } from "./DashboardList.js";


interface StatRow {
  key: string | null;
  count: number;
  sum: string | null;
}

function useStats(widget: Exclude<Widget, { type: "list" }>) {
  const query: Record<string, unknown> = { ...widget.filter };
  if (widget.type === "chart") query._group = widget.group;
  const sum = widget.type === "sum" ? widget.field : widget.type === "chart" ? widget.sum : undefined;
  if (sum) query._sum = sum;
  const { result, query: request } = useCustom<StatRow[]>({ url: `${apiUrl}/${widget.resource}/stats`, method: "get", config: { query } });
  return { rows: Array.isArray(result.data) ? result.data : [], loading: request.isLoading };
}

/** A count or a sum, linking to the rows it counts or adds up. */
function FigureWidget({ widget, resource }: { widget: Extract<Widget, { type: "count" | "sum" }>; resource: ResourceDef }) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const { rows, loading } = useStats(widget);
  const link = listLink(resource, widget.filter);
  // two figures side by side on a phone: small cards
  const phone = Grid.useBreakpoint().md === false;
  const value = widget.type === "sum" ? formatMoney(rows[0]?.sum ?? "0", company.currency_code, numberLocale()) : rows[0]?.count ?? 0;
  const card = (
    <Card hoverable={Boolean(link)} size={phone ? "small" : "default"} style={{ height: "100%" }}>
      <Statistic title={translate(widget.title, widget.title)} value={value} loading={loading} valueStyle={phone ? { fontSize: 20 } : undefined} />
    </Card>
  );
  return link ? <Link to={link}>{card}</Link> : card;
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

function ChartWidget({ widget, resource, today }: { widget: Extract<Widget, { type: "chart" }>; resource: ResourceDef; today: string }) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const { rows, loading } = useStats(widget);
  const label = useBarLabel(resource, widget.group);
  // a column's amount in few characters ("$628K"); the full amount is its tooltip
  const compact = (value: string) => new Intl.NumberFormat(numberLocale(), { style: "currency", currency: company.currency_code, notation: "compact", maximumFractionDigits: 1 }).format(Number(value));
  const title = translate(widget.title, widget.title);
  const bars: Bar[] = rows.map((row) => {
    const value = widget.sum ? Number(row.sum ?? 0) : row.count;
    const filter = barFilter(widget.group, row.key, widget.filter, today);
    return {
      key: String(row.key),
      label: label(row.key),
      value,
      text: widget.sum ? formatMoney(row.sum ?? "0", company.currency_code, numberLocale()) : String(row.count),
      short: widget.sum ? compact(row.sum ?? "0") : String(row.count),
      href: filter ? listLink(resource, filter) : undefined,
    };
  });
  // the bars' exact total: what a sum tile over the same rows shows (the aging of the payable balance)
  const total = widget.total && widget.sum ? formatMoney(sum(rows.map((row) => row.sum ?? "0")), company.currency_code, numberLocale()) : undefined;
  return (
    <Card title={title} size="small" style={{ height: "100%" }} styles={wrappedTitle}>
      {loading ? <Spin /> : <BarChart bars={bars} title={title} columns={widget.group.startsWith("month:")} />}
      {total && !loading ? (
        <Flex justify="space-between" style={{ marginTop: 8, borderTop: "1px solid #f0f0f0", paddingTop: 8 }}>
          <Typography.Text strong>{translate("dashboard.total", "Total")}</Typography.Text>
          <Typography.Text strong data-total>{total}</Typography.Text>
        </Flex>
      ) : null}
    </Card>
  );
}

export function DashboardPage({ page }: { page: PageDef }) {
  const user = useUser();
  const { translate } = useTranslation();
  const variant = variantFor(page, user.role);
  // relative days ("@today", "@week") become this day's dates
  const today = dayjs().format("YYYY-MM-DD");
  const shown = (variant?.widgets ?? []).filter((declared) => {
    const outline = outlineByName.get(declared.resource);
    return outline && canAct(user, outline, "list");
  });
  const resources = useResources([...new Set(shown.map((declared) => declared.resource))]);
  const widgets = shown.map((declared) => ({
    widget: { ...declared, filter: resolveFilter(declared.filter, today) },
    resource: resources.find((r) => r.name === declared.resource)!,
  }));
  const figures = widgets.flatMap(({ widget, resource }) => (widget.type === "count" || widget.type === "sum" ? [{ widget, resource }] : []));
  const panels = widgets.filter(({ widget }) => widget.type === "chart" || widget.type === "list");
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>{translate(variant?.title ?? page.title, page.title)}</Typography.Title>
      {widgets.length === 0 ? <Empty description={translate("dashboard.empty", "Nothing to show here for your role.")} /> : null}
      {figures.length ? (
        <Row gutter={[16, 16]}>
          {figures.map(({ widget, resource }, i) => (
            <Col key={i} xs={12} lg={8} xl={6}>
              <FigureWidget widget={widget} resource={resource} />
            </Col>
          ))}
        </Row>
      ) : null}
      {panels.length ? (
        <Row gutter={[16, 16]}>
          {panels.map(({ widget, resource }, i) => (
            <Col key={i} xs={24} xl={12}>
              {widget.type === "chart" ? <ChartWidget widget={widget} resource={resource} today={today} />
                : widget.type === "list" ? <ListWidget widget={widget} resource={resource} /> : null}
            </Col>
          ))}
        </Row>
      ) : null}
    </Flex>
  );
}
