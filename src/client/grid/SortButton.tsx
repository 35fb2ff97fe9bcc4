/**
 * A sortable column's header (DataTable.tsx): a button that cycles ascending → descending → unsorted,
 * with antd's two carets, the active one in the primary colour. The `th` carries `aria-sort`.
 */
import type { ReactNode } from "react";
import { CaretDownOutlined, CaretUpOutlined } from "@ant-design/icons";

export type SortOrder = "asc" | "desc";

/** The order a click gives: ascending first, then descending, then none. */
export function nextOrder(order: SortOrder | undefined): SortOrder | undefined {
  if (!order) return "asc";
  return order === "asc" ? "desc" : undefined;
}

export const ariaSort = { asc: "ascending", desc: "descending" } as const;

export function SortButton({ order, onSort, children }: { order?: SortOrder; onSort: (order: SortOrder | undefined) => void; children: ReactNode }) {
  return (
    <button type="button" className="dt-sort" onClick={() => onSort(nextOrder(order))}>
      <span>{children}</span>
      <span className="dt-arrows" aria-hidden>
        <CaretUpOutlined className={order === "asc" ? "dt-active" : undefined} />
        <CaretDownOutlined className={order === "desc" ? "dt-active" : undefined} />
      </span>
    </button>
  );
}
