/**
 * The list's table (ListPage.tsx): a semantic table that looks like antd's small table (table-style.ts)
 * with sortable headers, a checkbox per row and for the page, a footer, a spinner while loading,
 * antd's Empty when there is nothing and the pagination below (Pager.tsx). Ours rather than antd's
 * Table, which brought rc-table, rc-tree (its filter dropdowns), its hooks and styles — about 56 KB
 * gzip — into the first load of every list for what the list uses of it (issue 11). Rows carry
 * `data-row-key` as antd's do.
 */
import type { Key, ReactNode } from "react";
import { Checkbox, Empty, Spin, theme } from "antd";
import { ariaSort, SortButton, type SortOrder } from "./SortButton.js";
import { pageSelection, togglePage, toggleRow } from "./selection.js";
import { tableCss, tableVars } from "./table-style.js";

export interface DataColumn<T> {
  key: string;
  title?: ReactNode;
  width?: number;
  minWidth?: number;
  align?: "right";
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

interface Props<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** a row's name, for its checkbox's accessible label */
  rowLabel: (row: T) => string;
  /** the label of the checkbox that selects the page */
  pageLabel: string;
  loading: boolean;
  rowHeight: number;
  /** one column as wide as the window, no header (a phone's row cards) */
  fit?: boolean;
  sort?: { field: string; order: SortOrder };
  onSort: (field: string, order: SortOrder | undefined) => void;
  selected: readonly T[];
  onSelect: (rows: T[]) => void;
  footer?: ReactNode;
  /** under the table, inside the spinner as antd's */
  pagination?: ReactNode;
}

export function DataTable<T>({ columns, rows, rowKey, rowLabel, pageLabel, loading, rowHeight, fit, sort, onSort, selected, onSelect, footer, pagination }: Props<T>) {
  const { token } = theme.useToken();
  const chosen = new Set(selected.map(rowKey));
  const page = pageSelection(selected, rows, rowKey);
  const span = columns.length + 1;
  const orderOf = (column: DataColumn<T>) => (sort?.field === column.key ? sort.order : undefined);

  return (
    <Spin spinning={loading}>
      {/* hoisted into the head once, however many tables (React 19) */}
      <style href="outlay-data-table" precedence="medium">{tableCss}</style>
      <div style={tableVars(token, rowHeight)}>
        <div className="dt" data-fit={fit || undefined}>
          <table>
            {fit ? null : (
              <thead>
                <tr>
                  <th className="dt-select" scope="col">
                    <Checkbox aria-label={pageLabel} checked={page === "all"} indeterminate={page === "some"} disabled={!rows.length}
                      onChange={() => onSelect(togglePage(selected, rows, rowKey))} />
                  </th>
                  {columns.map((column) => {
                    const order = orderOf(column);
                    return (
                      <th key={column.key} scope="col" aria-sort={order && ariaSort[order]} className={column.sortable ? "dt-sortable" : undefined}
                        style={{ width: column.width, minWidth: column.minWidth, textAlign: column.align }}>
                        {column.sortable ? <SortButton order={order} onSort={(next) => onSort(column.key, next)}>{column.title}</SortButton> : column.title}
                      </th>
                    );
                  })}
                </tr>
              </thead>
            )}
            <tbody>
              {rows.map((row) => {
                const key = rowKey(row);
                const isChosen = chosen.has(key);
                return (
                  <tr key={key} data-row-key={key} className={isChosen ? "dt-selected" : undefined} style={fit ? undefined : { height: rowHeight }}>
                    <td className="dt-select">
                      <Checkbox aria-label={rowLabel(row)} checked={isChosen} onChange={() => onSelect(toggleRow(selected, row, rowKey))} />
                    </td>
                    {columns.map((column) => (
                      <td key={column.key} className={orderOf(column) ? "dt-sorted" : undefined} style={{ textAlign: column.align }}>{column.render(row)}</td>
                    ))}
                  </tr>
                );
              })}
              {/* under the spinner too while the first page loads, as antd's table: it gives the spinner room */}
              {rows.length ? null : (
                <tr className="dt-empty"><td colSpan={span}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /></td></tr>
              )}
            </tbody>
            {footer ? <tfoot><tr><td colSpan={span}>{footer}</td></tr></tfoot> : null}
          </table>
        </div>
        {pagination}
      </div>
    </Spin>
  );
}
