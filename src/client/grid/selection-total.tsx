/** The selected rows' totals under a list (ListPage.tsx): exact sums, so loaded on demand with decimal.js. */
import { useTranslation } from "@refinedev/core";
import { Space } from "antd";
import { valueAt } from "../../framework/conditions.js";
import { formatMoney, sum } from "../../framework/money.js";
import { isFunctionalAmount, type ColumnDef, type ResourceDef } from "../../framework/resource.js";
import type { Row } from "../format.js";
import { fieldKey } from "../i18n/keys.js";
import { numberLocale } from "../i18n/index.js";
import { useUser } from "../user.js";

/**
 * Sum of the `total` columns over the selected rows, when they all share one currency (data-spec: never
 * a sum across currencies), except an amount in the functional currency (the resource's `functional`
 * counterparts), which always totals in the company's currency.
 */
export function SelectionTotal({ resource, rows }: { resource: ResourceDef; rows: Row[] }) {
  const { translate } = useTranslation();
  const { company } = useUser();
  const currencyOf = (column: ColumnDef, row: Row) =>
    isFunctionalAmount(resource, column.field) ? company.currency_code : (valueAt(row, column.currency ?? "currency_code") ?? company.currency_code);
  const totalOf = (column: ColumnDef) => {
    const currencies = new Set(rows.map((row) => currencyOf(column, row)));
    if (currencies.size !== 1) return translate("grid.mixedCurrencies", "different currencies");
    const amounts = rows.map((row) => String(valueAt(row, column.field) ?? "0"));
    return formatMoney(sum(amounts), String([...currencies][0]), numberLocale());
  };
  return (
    <Space wrap size="large">
      <span>{translate("grid.selected", { count: rows.length }, `${rows.length} selected`)}</span>
      {resource.columns.filter((c) => c.total).map((column) => (
        <span key={column.field}>
          {translate(fieldKey(resource.name, column.field), column.field)}: <strong>{totalOf(column)}</strong>
        </span>
      ))}
    </Space>
  );
}
