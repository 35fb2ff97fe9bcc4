/** Values shown per company settings: money in the row's currency, dates in the company format, status tags. */
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Tag, theme } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { cellTexts, fieldKind } from "../framework/cell-text.js";
import { valueAt } from "../framework/conditions.js";
import { canAct } from "../framework/permissions.js";
import type { ColumnDef, PageKind, ResourceDef } from "../framework/resource.js";
import { outlineByName } from "./declarations.js";
import { titleKey } from "./i18n/keys.js";
import { numberLocale } from "./i18n/index.js";
import { recordName, showPath } from "./registry.js";
import { useUser, type CurrentUser } from "./user.js";

export type { Row } from "../framework/cell-text.js";
import type { Row } from "../framework/cell-text.js";
export type Translate = (key: string, fallback: string) => string;

/**
 * Where a column's cell links to: its own record, or a related one (`linkResource`/`linkIdField`); no
 * link to a page the reader may not open (a card holder's own card, whose card page takes readVCards).
 */
export function linkOf(user: CurrentUser, resource: Pick<ResourceDef, "name">, column: Pick<ColumnDef, "link" | "linkResource" | "linkIdField">, row: Row) {
  const target = outlineByName.get(column.linkResource ?? resource.name);
  return column.link === "show" && target && canAct(user, target, "show") ? showPath(target.name, valueAt(row, column.linkIdField ?? "id")) : undefined;
}

function formatter(user: CurrentUser, translate: Translate) {
  const { format, text } = cellTexts({ company: user.company, translate, numberLocale: numberLocale() });

  /** The value as shown in a page: status tags, links to show pages. */
  function render(resource: ResourceDef, column: ColumnDef, row: Row): ReactNode {
    const shown = text(resource, column.field, row);
    if (fieldKind(resource, column.field, valueAt(row, column.field)) === "status" && shown) {
      const status = resource.statuses?.values.find((s) => s.code === valueAt(row, column.field));
      return <Tag color={status?.color}>{shown}</Tag>;
    }
    if (column.icon && fieldKind(resource, column.field, valueAt(row, column.field)) === "boolean" && shown) return <FlagIcon on={valueAt(row, column.field) === true} label={shown} />;
    const link = shown ? linkOf(user, resource, column, row) : undefined;
    return link ? <Link to={link}>{shown}</Link> : shown;
  }

  /** A record's name as read: a code in it through its label (an activity's record type), a date in the company's format. */
  const name = (resource: ResourceDef, row: Row) => recordName(resource, row, (field) => text(resource, field, row));

  return { format, text, render, name };
}

/** A flag as a tick or a cross, its words read out and shown on hover. */
function FlagIcon({ on, label }: { on: boolean; label: string }) {
  const { token } = theme.useToken();
  const Icon = on ? CheckOutlined : CloseOutlined;
  return <Icon role="img" aria-label={label} title={label} style={{ color: on ? token.colorSuccess : token.colorTextTertiary }} />;
}

type Formatter = ReturnType<typeof formatter>;

export function useFormat(): Formatter {
  const user = useUser();
  const { translate } = useTranslation();
  return useMemo(() => formatter(user, translate), [user, translate]);
}

/**
 * A resource page's title, `<resource>.titles.<page>`. Should the key be missing, an approval or
 * duplicate page still reads well: the show title in the generic `pages.approval|duplicate` text.
 */
export function usePageTitle(): (resource: Pick<ResourceDef, "name">, page: PageKind) => string {
  const { translate } = useTranslation();
  return (resource, page) => {
    const show = translate(titleKey(resource.name, "show"), resource.name);
    const fallback = page === "approval" || page === "duplicate" ? translate(`pages.${page}`, { title: show }, show) : resource.name;
    return translate(titleKey(resource.name, page), fallback);
  };
}
