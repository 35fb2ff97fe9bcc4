/**
 * The generic list page of every resource: server-side paging, sorting and filtering (synced with the
 * URL), column filters, hidden columns, saved layout, CSV/PDF export, selected-rows totals, row actions.
 * On a phone each row is a card of its key figures (RowCard) instead of a table wider than the screen.
 */
import { BulkActions } from "../actions/bulk-actions.js";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
// Refine core's table state: the list draws its own table, so it needs no antd props (grid/use-table.tsx)
import { CanAccess, useDataProvider, useTable, useTranslation, type CrudFilter, type LogicalFilter } from "@refinedev/core";
import { Button, Checkbox, Dropdown, Flex, Grid, Space, theme } from "antd";
import { Heading } from "../text.js";
// the search box alone: antd's Input brings its password, OTP and text-area variants into the first load
import Search from "antd/es/input/Search";
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined, FileTextOutlined, FilterOutlined, PlusOutlined, SettingOutlined } from "@ant-design/icons";
import { Link, useNavigate } from "react-router";
import type { ResourceDef, RouteView } from "../../framework/resource.js";
import { RowActions } from "../actions.js";
import { useFormat, type Row } from "../format.js";
import { fieldKey, titleKey } from "../i18n/keys.js";
import { apiKey, fieldKind } from "../registry.js";
import { numberLocale } from "../i18n/index.js";
import { notify } from "../notify.js";
import { shownInCompany, useUser } from "../user.js";
import { downloadExport, downloadPdf, exportDateFormat, exportRowLimit, type ExportTable } from "./export.js";
import { useFilterPanel, useGridLayout } from "./layout.js";
import { RowCard } from "./RowCard.js";
import { DataTable, type DataColumn } from "./DataTable.js";
import { Pager } from "./Pager.js";
import { pageLink } from "./page-link.js";

// closed by default: the filter panel and its date and number pickers load when it opens
const FilterPanel = lazy(() => import("./filters.js").then((m) => ({ default: m.FilterPanel })));
// the sums are exact (decimal.js): loaded with the first selection, off the list's first load
const SelectionTotal = lazy(() => import("./selection-total.js").then((m) => ({ default: m.SelectionTotal })));

interface Props {
  resource: ResourceDef;
  view: RouteView;
  /** always applied: the view's preset and the route's path parameters */
  permanent: LogicalFilter[];
  /** where the list starts: the route's query parameters */
  initial: LogicalFilter[];
  /** what a specialised list adds (e.g. the approval lists' switch and bulk approve) */
  extension?: ListExtension;
}

export interface ListExtension {
  /** applied besides the permanent filters (not shown as filters) */
  filters?: LogicalFilter[];
  /** controls in the title bar, given the selected rows and a callback that clears them and reloads the list */
  toolbar?: (selected: Row[], done: () => void) => ReactNode;
  /** where the first column's cell links to */
  rowLink?: (row: Row) => string | undefined;
}

const defaultPageSize = 25;
/** data spec 9: rows are 25 px unless the resource says otherwise */
export const defaultRowHeight = 25;
const alignRight = new Set(["money", "number"]);
/** data spec 9: column minimum width mostly 100 */
const minColumnWidth = 100;

export default function ListPage({ resource, view, permanent: declared, initial, extension }: Props) {
  const user = useUser();
  const { token } = theme.useToken();
  const format = useFormat();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const [layout, setLayout] = useGridLayout(resource.name, user.id, {
    hidden: resource.columns.filter((c) => c.hidden).map((c) => c.field),
    pageSize: defaultPageSize,
  });
  const [filterPanel, setFilterPanel] = useFilterPanel();
  const [selected, setSelected] = useState<Row[]>([]);
  const [exporting, setExporting] = useState<"csv" | "xlsx" | "pdf">();
  const breakpoint = Grid.useBreakpoint();
  // spec 9: below 768 px the layout is the phone's
  const phone = breakpoint.md === false;

  // stable while the route's values are the same (Refine compares filters by reference)
  const permanentKey = JSON.stringify([...declared, ...(extension?.filters ?? [])]);
  const permanent = useMemo(() => JSON.parse(permanentKey) as LogicalFilter[], [permanentKey]);
  const meta = useMemo(() => ({ preset: permanent }), [permanent]);
  const fixed = new Set(permanent.map(apiKey));

  const { tableQuery, filters, setFilters, sorters, setSorters, currentPage, setCurrentPage, pageSize, setPageSize, createLinkForSyncWithLocation } = useTable<Row>({
    resource: resource.name,
    syncWithLocation: true,
    pagination: { pageSize: layout.pageSize },
    sorters: { initial: [resource.defaultSort] },
    filters: { permanent, initial: initial.filter((f) => !fixed.has(apiKey(f))) },
    meta,
  });

  useEffect(() => {
    if (pageSize !== layout.pageSize) setLayout({ ...layout, pageSize });
  }, [pageSize, layout, setLayout]);

  const rowHeight = resource.rowHeight ?? defaultRowHeight;
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const title = translate(view.title ?? titleKey(resource.name, "list"), resource.name);
  const offered = resource.columns.filter((c) => shownInCompany(user, c));
  const visible = offered.filter((c) => !layout.hidden.includes(c.field));
  const applyFilters = (next: CrudFilter[]) => {
    setFilters(next);
    setCurrentPage(1);
  };
  const search = (filters.find((f) => "field" in f && f.field === "q") as LogicalFilter | undefined)?.value as string | undefined;

  const rowLink = extension?.rowLink;
  /** the first column's cell: the list extension's link, else as the column renders */
  const titleCell = (row: Row) => {
    const link = rowLink?.(row);
    return link ? <Link to={link}>{format.text(resource, visible[0].field, row) || String(row.id)}</Link> : format.render(resource, visible[0], row);
  };
  const rowActions = (row: Row) => (resource.rowActions?.length
    ? <RowActions resource={resource} row={row} size="small" only={["edit", "duplicate", "delete"]} /> : null);
  const card = phone && visible.length > 0;
  // none for an empty list, as antd's table
  const total = tableQuery.data?.total ?? 0;
  const columns: DataColumn<Row>[] = card ? [{
    key: "card",
    render: (row) => <RowCard resource={resource} columns={visible} row={row} title={titleCell(row)} label={label} actions={rowActions(row)} />,
  }] : visible.map((column, index) => ({
    key: column.field,
    title: label(column.field),
    width: column.width,
    minWidth: minColumnWidth,
    align: alignRight.has(fieldKind(resource, column.field)) ? "right" : undefined,
    sortable: column.sortable !== false,
    render: (row) => (index === 0 ? titleCell(row) : format.render(resource, column, row)),
  }));
  if (!card && resource.rowActions?.length) {
    columns.push({ key: "actions", title: translate("grid.actions", "Actions"), render: rowActions });
  }

  async function exportAs(kind: "csv" | "xlsx" | "pdf") {
    setExporting(kind);
    try {
      if (kind !== "pdf") {
        await downloadExport({ resource: resource.name, name: title, fields: visible.map((c) => c.field), filters, sorters, preset: permanent }, kind);
        return;
      }
      const { data, total } = await dataProvider().getList<Row>({
        resource: resource.name,
        pagination: { currentPage: 1, pageSize: exportRowLimit },
        filters,
        sorters,
        meta,
      });
      const table: ExportTable = {
        name: title,
        head: visible.map((c) => label(c.field)),
        body: data.map((row) => visible.map((c) => format.text(resource, c.field, row, exportDateFormat))),
      };
      await downloadPdf(table, (page, pages) => translate("grid.pageOf", { page, pages }, `page ${page} of ${pages}`));
      if (total > exportRowLimit) {
        notify("warning", { title: translate("grid.pdfLimit", { limit: exportRowLimit.toLocaleString(numberLocale()), defaultValue: "The PDF holds the first {{limit}} rows. Export CSV or Excel for all of them." }) });
      }
    } finally {
      setExporting(undefined);
    }
  }

  const columnPicker = (
    <Checkbox.Group
      style={{ display: "flex", flexDirection: "column", gap: 4, padding: token.paddingSM, background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}
      value={offered.map((c) => c.field).filter((f) => !layout.hidden.includes(f))}
      options={offered.map((c) => ({ value: c.field, label: label(c.field) }))}
      onChange={(shown) => setLayout({ ...layout, hidden: offered.map((c) => c.field).filter((f) => !shown.includes(f)) })}
    />
  );

  /** after a toolbar or bulk action: clear the selection and reload */
  const done = () => {
    setSelected([]);
    void tableQuery.refetch();
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Heading level={3}>{title}</Heading>
        <Space wrap>
          {extension?.toolbar?.(selected, done)}
          <BulkActions resource={resource} selected={selected} done={done} />
          {resource.search?.length ? (
            <Search aria-label={translate("grid.search", "Search")} placeholder={translate("grid.search", "Search")} allowClear
              defaultValue={search} onSearch={(q) => applyFilters([{ field: "q", operator: "eq", value: q || undefined }])} />
          ) : null}
          <Button icon={<FilterOutlined />} type={filterPanel ? "primary" : "default"} aria-pressed={filterPanel}
            onClick={() => setFilterPanel(!filterPanel)}>
            {translate("grid.filters", "Filters")}
          </Button>
          {/* a dropdown, not antd's Popover: Dropdown is in the shell already, Popover would join the first load */}
          <Dropdown trigger={["click"]} placement="bottomRight" popupRender={() => columnPicker}>
            <Button icon={<SettingOutlined />}>{translate("grid.columns", "Columns")}</Button>
          </Dropdown>
          <Dropdown trigger={["click"]} menu={{
            items: [
              { key: "csv", icon: <FileTextOutlined />, label: translate("grid.exportCsv", "CSV") },
              { key: "xlsx", icon: <FileExcelOutlined />, label: translate("grid.exportXlsx", "Excel") },
              { key: "pdf", icon: <FilePdfOutlined />, label: translate("grid.exportPdf", "PDF") },
            ],
            onClick: ({ key }) => void exportAs(key as "csv" | "xlsx" | "pdf"),
          }}>
            <Button icon={<DownloadOutlined />} loading={exporting !== undefined}>{translate("grid.export", "Export")}</Button>
          </Dropdown>
          {resource.routes.create ? (
            <CanAccess resource={resource.name} action="create">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(resource.routes.create!)}>
                {translate("actions.create", "Create")}
              </Button>
            </CanAccess>
          ) : null}
        </Space>
      </Flex>
      {filterPanel ? (
        <Suspense fallback={null}>
          <FilterPanel resource={resource} filters={filters} setFilters={applyFilters}
            columns={resource.columns.filter((c) => c.filterable && !fixed.has(c.field))} />
        </Suspense>
      ) : null}
      <DataTable<Row>
        columns={columns}
        rows={tableQuery.data?.data ?? []}
        rowKey={(row) => row.id as number}
        rowLabel={(row) => translate("grid.selectRow", { name: format.text(resource, visible[0]?.field ?? "id", row) || String(row.id) }, "Select {{name}}")}
        pageLabel={translate("grid.selectPage", "Select the rows of this page")}
        loading={tableQuery.isFetching}
        rowHeight={rowHeight}
        fit={card}
        sort={sorters[0]}
        onSort={(field, order) => setSorters(order ? [{ field, order }] : [])}
        selected={selected}
        onSelect={setSelected}
        footer={selected.length ? <Suspense fallback={null}><SelectionTotal resource={resource} rows={selected} /></Suspense> : undefined}
        pagination={total ? (
          <Pager current={currentPage} pageSize={pageSize} total={total} simple={breakpoint.sm === false}
            href={(page) => pageLink(createLinkForSyncWithLocation, page, pageSize, sorters, filters)}
            onChange={(page, size) => {
              setCurrentPage(page);
              setPageSize(size);
            }} />
        ) : undefined}
      />
    </>
  );
}
