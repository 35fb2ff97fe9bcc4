/**
 * A list row as a card, for phones (below 768 px, spec 9): the row's key figures (card-fields.ts) —
 * title, amount, second line, date, status tag, row actions — each in full rather than clipped by a
 * table wider than the screen. Dashboards' list widgets show their rows the same way.
 */
import { Flex, Typography } from "antd";
import type { CSSProperties, ReactNode } from "react";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { useFormat, type Row } from "../format.js";
import { cardFields } from "./card-fields.js";

// plain CSS: Typography's measured ellipsis would bring its tooltip machinery into the chunk
const cut: CSSProperties = { minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };

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
        <Typography.Text strong style={cut}>{title ?? shown(fields.title)}</Typography.Text>
        {fields.amount ? <Typography.Text strong style={{ whiteSpace: "nowrap" }}>{shown(fields.amount)}</Typography.Text> : null}
      </Flex>
      {details.length || fields.date ? (
        <Flex justify="space-between" align="baseline" gap="small">
          <Typography.Text type="secondary" style={cut}>
            {details.map((column, i) => <span key={column.field}>{i ? " · " : ""}{shown(column)}</span>)}
          </Typography.Text>
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
