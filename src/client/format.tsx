/** Values shown per company settings: money in the row's currency, dates in the company format, status tags. */
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Tag } from "antd";
import { Link } from "react-router";
import { valueAt } from "../framework/conditions.js";
import { formatDate, formatDateTime } from "../framework/dates.js";
import { formatMoney } from "../framework/money-format.js";
import type { ColumnDef, PageKind, ResourceDef } from "../framework/resource.js";
import { statusKey, titleKey, valueKey } from "./i18n/keys.js";
import { numberLocale } from "./i18n/index.js";
import { fieldKind, showPath } from "./registry.js";
import { useUser, type CurrentUser } from "./user.js";

export type Row = Record<string, unknown>;
export type Translate = (key: string, fallback: string) => string;

/** Where a column's cell links to: its own record, or a related one (`linkResource`/`linkIdField`). */
const linkOf = (resource: ResourceDef, column: Pick<ColumnDef, "link" | "linkResource" | "linkIdField">, row: Row) =>
  column.link === "show" ? showPath(column.linkResource ?? resource.name, valueAt(row, column.linkIdField ?? "id")) : undefined;

/** data spec 9: card numbers show masked, as four groups with only the last 4 digits. */
export const maskCard = (last4: unknown) => `**** **** **** ${String(last4).slice(-4).padStart(4, "*")}`;

const plain = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * A small object as text: `key: value; …`. An audit diff (`{status: ["PENDING", "PAID"]}`, every
 * value an [old, new] pair) reads `status: PENDING → PAID`.
 */
export function pairs(value: Row): string {
  const entries = Object.entries(value);
  const diff = entries.length > 0 && entries.every(([, v]) => Array.isArray(v) && v.length === 2);
  return entries.map(([key, v]) => `${key}: ${diff ? (v as unknown[]).map(plain).join(" → ") : Array.isArray(v) ? v.map(plain).join(", ") : plain(v)}`).join("; ");
}

const currencyPath = (resource: ResourceDef, field: string) =>
  resource.columns.find((c) => c.field === field)?.currency ?? "currency_code";

function formatter(company: CurrentUser["company"], translate: Translate) {
  const label = (resource: ResourceDef, field: string, value: unknown): string =>
    field === resource.statuses?.field
      ? translate(statusKey(resource.name, String(value)), String(value))
      : translate(valueKey(resource.name, field, String(value)), String(value));

  /** A field's value as text; `row` gives the currency, `dateFormat` overrides the company's (exports use MM/DD/YYYY). */
  function format(resource: ResourceDef, field: string, value: unknown, row: Row, dateFormat: string = company.company_date_format): string {
    if (value === null || value === undefined || value === "") return "";
    switch (fieldKind(resource, field, value)) {
      case "money": {
        const currency = valueAt(row, currencyPath(resource, field));
        return formatMoney(value as string, typeof currency === "string" && currency ? currency : company.currency_code, numberLocale());
      }
      case "number": return new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 8 }).format(Number(value));
      case "date": return formatDate(String(value), dateFormat);
      case "datetime": return formatDateTime(String(value), dateFormat);
      case "status":
      case "enum": return label(resource, field, value);
      case "boolean": return value ? translate("common.yes", "Yes") : translate("common.no", "No");
      case "card": return maskCard(value);
      case "object":
        return Array.isArray(value) ? value.filter((v) => typeof v !== "object").map((v) => label(resource, field, v)).join(", ") : pairs(value as Row);
      default: return String(value);
    }
  }

  const text = (resource: ResourceDef, field: string, row: Row, dateFormat?: string) =>
    format(resource, field, valueAt(row, field), row, dateFormat);

  /** The value as shown in a page: status tags, links to show pages. */
  function render(resource: ResourceDef, column: ColumnDef, row: Row): ReactNode {
    const shown = text(resource, column.field, row);
    if (fieldKind(resource, column.field, valueAt(row, column.field)) === "status" && shown) {
      const status = resource.statuses?.values.find((s) => s.code === valueAt(row, column.field));
      return <Tag color={status?.color}>{shown}</Tag>;
    }
    const link = shown ? linkOf(resource, column, row) : undefined;
    return link ? <Link to={link}>{shown}</Link> : shown;
  }

  return { format, text, render };
}

type Formatter = ReturnType<typeof formatter>;

export function useFormat(): Formatter {
  const { company } = useUser();
  const { translate } = useTranslation();
  return useMemo(() => formatter(company, translate), [company, translate]);
}

/**
 * A resource page's title, `<resource>.titles.<page>`. Should the key be missing, an approval or
 * duplicate page still reads well: the show title in the generic `pages.approval|duplicate` text.
 */
export function usePageTitle(): (resource: ResourceDef, page: PageKind) => string {
  const { translate } = useTranslation();
  return (resource, page) => {
    const show = translate(titleKey(resource.name, "show"), resource.name);
    const fallback = page === "approval" || page === "duplicate" ? translate(`pages.${page}`, { title: show }, show) : resource.name;
    return translate(titleKey(resource.name, page), fallback);
  };
}
