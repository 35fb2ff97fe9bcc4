/**
 * A list row as a card, for phones (below 768 px, spec 9): the row's key figures (card-fields.ts) —
 * title, amount, second line, date, status tag, row actions — each in full rather than clipped by a
 * table wider than the screen. Dashboards' list widgets show their rows the same way.
 */
import { Flex } from "antd";
import type { ReactNode } from "react";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { useFormat, type Row } from "../format.js";
import { cardFields } from "./card-fields.js";
import { oneLine, Text } from "../text.js";


interface Props {
  resource: ResourceDef;
  /** the list's visible columns, the title's first (at least one) */
  columns: readonly ColumnDef[];
  row: Row;
  /** the first column's cell as the table shows it (a list extension may link it elsewhere); default: as the column renders */
  title?: ReactNode;
  /** the field labels, translated */
  label: (field: string) => string;
  actions?: ReactNode;
}

export function RowCard({ resource, columns, row, title, label, actions }: Props) {
  const format = useFormat();
  const fields = cardFields(resource, columns)!;
  const shown = (column?: ColumnDef) => (column ? format.render(resource, column, row) : null);
  const details = fields.details.filter((column) => format.text(resource, column.field, row));
  return (
    <Flex vertical gap={4} style={{ padding: "6px 0", minWidth: 0 }}>
      <Flex justify="space-between" align="baseline" gap="small">
        <Text strong style={oneLine}>{title ?? shown(fields.title)}</Text>
        {fields.amount ? <Text strong style={{ whiteSpace: "nowrap" }}>{shown(fields.amount)}</Text> : null}
      </Flex>
      {details.length || fields.date ? (
        <Flex justify="space-between" align="baseline" gap="small">
          <Text secondary style={oneLine}>
            {details.map((column, i) => <span key={column.field}>{i ? " · " : ""}{shown(column)}</span>)}
          </Text>
          {fields.date ? (
            <Text secondary style={{ whiteSpace: "nowrap" }}>{label(fields.date.field)}: {shown(fields.date)}</Text>
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
