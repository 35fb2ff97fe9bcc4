/**
 * Refine's table state (useTable of @refinedev/core) as antd Table props: what useTable of
 * @refinedev/antd gives (data, loading, sorting, column filters, pagination with links that follow
 * the URL), without its search form, which no list uses and which brought antd's Form and its
 * validator into the first load of every list (issue 11).
 */
import { Children, type ReactElement, type ReactNode } from "react";
import {
  getDefaultSortOrder as coreSortOrder,
  useTable as useTableCore,
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
  type LogicalFilter,
  type useTableProps,
} from "@refinedev/core";
import { Grid, type TableProps } from "antd";
import { Link } from "react-router";
import { pageLink } from "./page-link.js";
import type { FilterValue, SorterResult, TablePaginationConfig } from "antd/es/table/interface.js";

/** A column's sort order as antd names it (`ascend`, `descend`). */
export function getDefaultSortOrder(field: string, sorters?: CrudSort[]): "ascend" | "descend" | undefined {
  const order = coreSortOrder(field, sorters);
  return order ? `${order}end` : undefined;
}

/** antd's sorter (one, or several for a multiple sort) as Refine sorters. */
export function toSorters<T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSort[] {
  const list = Array.isArray(sorter)
    ? [...sorter].sort((a, b) => (((a.column?.sorter as { multiple?: number } | undefined)?.multiple ?? 0) < ((b.column?.sorter as { multiple?: number } | undefined)?.multiple ?? 0) ? -1 : 0))
    : [sorter];
  return list.filter((s) => s.field && s.order).map((s) => ({
    field: `${s.columnKey ?? (Array.isArray(s.field) ? s.field.join(".") : String(s.field))}`,
    order: s.order!.replace("end", "") as CrudSort["order"],
  }));
}

/** antd's column filters as Refine filters, each keeping the operator it had (or was declared with). */
export function toFilters(tableFilters: Record<string, FilterValue | null>, previous: CrudFilter[], initial: CrudFilter[] | undefined): CrudFilter[] {
  const declared = new Map((initial ?? []).map((f) => [(f as { key?: string }).key ?? (f as LogicalFilter).field, f]));
  const filters: CrudFilter[] = [];
  for (const [field, value] of Object.entries(tableFilters)) {
    const before = previous.filter((f) => f.operator !== "or").find((f) => (f as LogicalFilter).field === field);
    const operator = before?.operator ?? declared.get(field)?.operator;
    if (operator === "or" || operator === "and") continue;
    filters.push({ field, operator: operator ?? (Array.isArray(value) ? "in" : "eq"), value } as LogicalFilter);
  }
  return filters;
}

/** A page of the list as a link to its URL (open in a new tab); a click stays in the table. */
function PaginationLink({ to, element }: { to: string; element: ReactNode }) {
  return <Link to={to} replace={false} onClick={(e) => e.preventDefault()}>{element}</Link>;
}

export function useTable<TData extends BaseRecord = BaseRecord>(props: useTableProps<TData, HttpError, TData> = {}) {
  const table = useTableCore<TData, HttpError, TData>(props);
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters, createLinkForSyncWithLocation } = table;
  const breakpoint = Grid.useBreakpoint();
  const paged = props.pagination?.mode !== "off";
  const { data, isFetched } = tableQuery;

  const onChange: TableProps<TData>["onChange"] = (pagination, tableFilters, sorter) => {
    if (tableFilters && Object.keys(tableFilters).length > 0) setFilters(toFilters(tableFilters, filters, props.filters?.initial));
    if (sorter && Object.keys(sorter).length > 0) setSorters(toSorters(sorter));
    if (paged) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  };

  const pagination: TablePaginationConfig | false = paged && {
    itemRender: (page, type, element) => {
      const to = pageLink(createLinkForSyncWithLocation, page, pageSize, sorters, filters);
      if (type === "page") return <PaginationLink to={to} element={`${page}`} />;
      if (type === "next" || type === "prev") return <PaginationLink to={to} element={element} />;
      if (type === "jump-next" || type === "jump-prev") {
        const children = (element as ReactElement<{ children?: ReactNode }> | undefined)?.props?.children;
        return <PaginationLink to={to} element={Children.count(children) > 1 ? <>{children}</> : children} />;
      }
      return element;
    },
    pageSize,
    current: currentPage,
    simple: !breakpoint.sm,
    position: !breakpoint.sm ? ["bottomCenter"] : ["bottomRight"],
    total: data?.total,
  };

  const tableProps: TableProps<TData> = {
    dataSource: data?.data,
    loading: !isFetched,
    onChange,
    pagination,
    scroll: { x: true },
  };
  return { ...table, tableProps };
}
