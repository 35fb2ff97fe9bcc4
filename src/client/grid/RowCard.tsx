/**
 * A list row as a card, for phones (below 768 px, spec 9): the row's key figures from the list's
 * visible columns — its title (the first column: number or name, linked as in the table), a second
 * line (the next text column, e.g. the vendor), the status tag, the first amount and the first date —
 * each in full rather than clipped by a table wider than the screen.
 */
import { Flex, Typography } from "antd";
import type { ReactNode } from "react";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { fieldKind } from "../registry.js";
import { useFormat, type Row } from "../format.js";

export interface CardFields {
  title: ColumnDef;
  subtitle?: ColumnDef;
  status?: ColumnDef;
  amount?: ColumnDef;
  date?: ColumnDef;
}

const textKinds = new Set(["text", "enum"]);

/** Which of the visible columns a card shows, and where. */
export function cardFields(resource: ResourceDef, columns: readonly ColumnDef[]): CardFields | undefined {
  const [title, ...rest] = columns;
  if (!title) return undefined;
  const kind = (c: ColumnDef) => fieldKind(resource, c.field);
  return {
    title,
    subtitle: rest.find((c) => textKinds.has(kind(c))),
    status: rest.find((c) => kind(c) === "status"),
    amount: rest.find((c) => kind(c) === "money"),
    date: rest.find((c) => kind(c) === "date" || kind(c) === "datetime"),
  };
}

interface Props {
  resource: ResourceDef;
  fields: CardFields;
  row: Row;
  /** the first column's cell as the table shows it (a list extension may link it elsewhere) */
  title: ReactNode;
  /** the field labels, translated */
  label: (field: string) => string;
  actions?: ReactNode;
}

export function RowCard({ resource, fields, row, title, label, actions }: Props) {
  const format = useFormat();
  const shown = (column?: ColumnDef) => (column ? format.render(resource, column, row) : null);
  return (
    <Flex vertical gap={4} style={{ padding: "6px 0", minWidth: 0 }}>
      <Flex justify="space-between" align="baseline" gap="small">
        <Typography.Text strong ellipsis style={{ minWidth: 0 }}>{title}</Typography.Text>
        {fields.amount ? <Typography.Text strong style={{ whiteSpace: "nowrap" }}>{shown(fields.amount)}</Typography.Text> : null}
      </Flex>
      {fields.subtitle || fields.date ? (
        <Flex justify="space-between" align="baseline" gap="small">
          <Typography.Text type="secondary" ellipsis style={{ minWidth: 0 }}>{shown(fields.subtitle)}</Typography.Text>
          {fields.date ? (
            <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>{label(fields.date.field)}: {shown(fields.date)}</Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      {fields.status || actions ? (
        <Flex justify="space-between" align="center" gap="small">
          <span>{shown(fields.status)}</span>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
