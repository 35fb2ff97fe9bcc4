/**
 * A dashboard's list widget: the first rows of a resource in the declared order (e.g. the approvals
 * awaiting the user, oldest first), each a card of its key figures (grid/RowCard) opening its record.
 */
import { useList, useTranslation } from "@refinedev/core";
import { Card, Empty, Flex, Spin } from "antd";
import { Link } from "react-router";
import type { Widget } from "../../framework/pages.js";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { RowCard } from "../grid/RowCard.js";
import { fieldKey } from "../i18n/keys.js";
import { valueAt } from "../../framework/conditions.js";
import { useFormat, type Row } from "../format.js";
import { grammarFilter, showPath } from "../registry.js";

type ListWidgetDef = Extract<Widget, { type: "list" }>;

export function ListWidget({ widget, resource }: { widget: ListWidgetDef; resource: ResourceDef }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const title = translate(widget.title, widget.title);
  const { result, query } = useList<Row>({
    resource: resource.name,
    filters: Object.entries(widget.filter ?? {}).map(([key, value]) => grammarFilter(key, value)),
    sorters: [widget.sort],
    pagination: { currentPage: 1, pageSize: widget.limit },
  });
  const columns: ColumnDef[] = widget.columns.map((field) => resource.columns.find((c) => c.field === field) ?? { field });
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const linkOf = (row: Row) => (widget.link ? (valueAt(row, widget.link) as string | undefined) : undefined) ?? showPath(resource.name, row.id);
  return (
    <Card title={title} size="small" style={{ height: "100%" }} styles={wrappedTitle}>
      {query.isLoading ? <Spin /> : null}
      {!query.isLoading && !result.data.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate("dashboard.nothing", "Nothing here.")} /> : null}
      <Flex vertical role="list" aria-label={title}>
        {result.data.map((row) => {
          const link = linkOf(row);
          const name = format.text(resource, columns[0].field, row) || String(row.id);
          return (
            <div key={String(row.id)} role="listitem" style={{ borderBottom: "1px solid #f0f0f0" }}>
              <RowCard resource={resource} columns={columns} row={row} title={link ? <Link to={link}>{name}</Link> : name} label={label} />
            </div>
          );
        })}
      </Flex>
    </Card>
  );
}

/** a panel's title wraps on a phone rather than being cut off */
export const wrappedTitle = { title: { whiteSpace: "normal" } } as const;
