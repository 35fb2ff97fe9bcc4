/**
 * /invoices_pay_bills: the payable invoices in an editable grid (data spec 5). Rows the user may pay
 * are selected, each with a payment amount (0.01 to outstanding_balance_pending), the payment method
 * and originating account (choosable only with more than one option; the method also only when the
 * company allows it) and the vendor's available credits in the row's currency; or bulk 'all' mode
 * pays every invoice matching the filters in full. The payment date and the selection go with
 * "Review" to /review_payment_run, and come back from it. At 1440 px the invoice's columns are tight
 * (the vendor cut with an ellipsis) and its number and the payment's columns stay fixed at the edges, so
 * the method, account and credits are always in view; on a phone each invoice is a card, the payment's
 * controls under it once selected.
 */
import { useMemo, useState, type ReactNode } from "react";
import { useCustom, useDataProvider, useTranslation, type LogicalFilter } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "../../../grid/use-table.js";
import { Alert, Button, Flex, Grid, Input, Select, Space, Switch, Table, Typography, type TableColumnsType } from "antd";
import { FilterOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { earliestPaymentDate } from "../../../../framework/business-days.js";
import { can } from "../../../../framework/permissions.js";
import type { ResourceDef } from "../../../../framework/resource.js";
import payBills from "../../../../../resources/invoices_pay_bills.js";
import { useFormat, type Row } from "../../../format.js";
import { FilterPanel } from "../../../grid/filters.js";
import { useFilterPanel } from "../../../grid/layout.js";
import { RowCard } from "../../../grid/RowCard.js";
import { fieldKey } from "../../../i18n/keys.js";
import { fieldKind } from "../../../registry.js";
import { useUser } from "../../../user.js";
import type { CustomPageProps } from "../index.js";
import { CreditsCell } from "./CreditsCell.js";
import { CurrencyTotals } from "./CurrencyTotals.js";
import { PaymentDateField } from "./PaymentDateField.js";
import {
  draftStore, maxPayment, paymentDateError, rowErrors, selectionOf, totalsByCurrency, withCredits, type PayableInvoice, type SelectedInvoice,
} from "./selection.js";
import { usePaymentOptions } from "./usePaymentOptions.js";
import { useResources } from "../../../declarations.js";

// read as any declaration: its literal type narrows each column to the members it sets
const resource: ResourceDef = payBills;

const pageSize = 25;
/** bulk 'all' mode reads the matching invoices this many at a time (the API's page limit) */
const bulkPage = 1000;
/** data spec 5: who may pay (the pay action) */
const payKeys = ["allowPayments", "payInvoices"];
/** the cross-border card integration's payment type: never paid from here (data spec 5) */
const corpayType = "corpay_card";
/** the invoice's columns at their tightest readable width (px), so that paying it fits beside them at 1440 px */
const invoiceWidths: Readonly<Record<string, number>> = { number: 100, "vendor.name": 119, due_date: 88, due_status: 86, amount: 100, outstanding_balance_pending: 110 };
// a hidden column (the status: approved or open) is only a filter here
const invoiceFields = resource.columns.filter((c) => !c.hidden && c.field !== "is_validate_pay_now");

/** A column of the payment being made (amount, method, account, credits): in the grid and under a phone's card. */
interface PaymentColumn {
  key: string;
  title: string;
  width: number;
  render: (row: Invoice) => ReactNode;
}

type Invoice = Row & PayableInvoice & { is_validate_pay_now?: boolean; is_payable_now?: boolean; payment_method?: { payment_type?: string } | null };

/**
 * Bulk 'all' mode pays what the server's one rule calls payable now (`payable=now`: payable status,
 * not on hold, a pending balance, a vendor with a default payment method): its totals, its count and
 * the rows the run is built from all ask the server by that rule, and a page's rows carry it as `is_payable_now`.
 */
const payableNow: LogicalFilter = { field: "payable", operator: "eq", value: "now" };

/** The list's filters that filter (a cleared one is left out), for the stats of bulk 'all' mode. */
const inEffect = (filters: readonly LogicalFilter[]) => filters.filter((f) => f.value !== undefined && f.value !== "");

export default function PayBills({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["invoices_pay_bills"]);
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dataProvider = useDataProvider();
  const stored = useMemo(() => draftStore.load(user.company.id), [user.company.id]);
  const [paymentDate, setPaymentDate] = useState(stored?.payment_date ?? earliestPaymentDate());
  const [items, setItems] = useState(() => new Map((stored?.all ? [] : stored?.items ?? []).map((i) => [i.invoice_id, i])));
  const [all, setAll] = useState(stored?.all ?? false);
  const [reviewing, setReviewing] = useState(false);
  const [filterPanel, setFilterPanel] = useFilterPanel();
  // spec 9: below 768 px the layout is the phone's
  const phone = Grid.useBreakpoint().md === false;

  const { tableProps, filters, setFilters, sorters, setCurrentPage } = useTable<Invoice>({
    resource: resource.name,
    syncWithLocation: true,
    pagination: { pageSize },
    sorters: { initial: [resource.defaultSort] },
  });
  const rows = useMemo(() => [...(tableProps.dataSource ?? [])], [tableProps.dataSource]);
  const selected = [...items.values()];
  const options = usePaymentOptions([...rows.map((r) => r.vendor_id), ...selected.map((i) => i.vendor_id)]);
  const mayPay = can(user, payKeys);
  const methodChoosable = !user.company.disable_payment_method_selection;
  const errors = rowErrors(selected);
  const dateError = paymentDateError(paymentDate);
  const logical = filters.filter((f): f is LogicalFilter => "field" in f);
  const { query: statsQuery } = useCustom<{ key: string; count: number; sum: string }[]>({
    url: `/api/${resource.name}/stats`,
    method: "get",
    config: { query: { _group: "currency_code", _sum: "outstanding_balance_pending" }, filters: inEffect([...logical, payableNow]) },
    meta: { silent: true },
    errorNotification: false,
    queryOptions: { enabled: mayPay, placeholderData: (previous) => previous },
  });
  // the query's own data (`result.data` is `{}` until an answer came)
  const allStats = { data: statsQuery.data?.data };

  /** the method the row's payment would use: the one chosen, else the vendor's default the server names */
  const methodType = (row: Invoice) => options.methodOf(row.vendor_id, items.get(row.id)?.payment_method_id)?.payment_type ?? row.payment_method?.payment_type;
  const payable = (row: Invoice) => mayPay && row.is_validate_pay_now === true && methodType(row) !== corpayType;
  const update = (id: number, change: Partial<SelectedInvoice>) =>
    setItems((previous) => new Map(previous).set(id, { ...previous.get(id)!, ...change }));
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const t = (key: string, fallback: string) => translate(`payBills.${key}`, fallback);

  const invoiceColumns: TableColumnsType<Invoice> = invoiceFields.map((column, index) => ({
    key: column.field,
    dataIndex: column.field.split("."),
    title: label(column.field),
    width: invoiceWidths[column.field],
    ellipsis: column.field === "vendor.name",
    fixed: index === 0 ? "left" as const : undefined,
    align: fieldKind(resource, column.field) === "money" ? "right" as const : undefined,
    sorter: column.sortable !== false,
    sortOrder: getDefaultSortOrder(column.field, sorters) ?? null,
    render: (_: unknown, row: Invoice) => format.render(resource, column, row),
  }));
  const paymentColumns: PaymentColumn[] = [
    {
      key: "payment_amount",
      title: t("paymentAmount", "Payment Amount"),
      width: 120,
      render: (row) => {
        const item = all ? (row.is_payable_now ? selectionOf(row) : undefined) : items.get(row.id);
        if (!item) return null;
        const rowError = errors.get(row.id)?.find((e) => e !== "payBills.errors.creditAvailable" && e !== "payBills.errors.creditPayment");
        return (
          <Flex vertical align="end">
            <Input aria-label={`${t("paymentAmount", "Payment Amount")} ${row.number}`} size="small" style={{ width: 100, textAlign: "right" }}
              value={item.amount} disabled={all} status={rowError ? "error" : undefined}
              onChange={(e) => update(row.id, { amount: e.target.value })} />
            {rowError ? <Typography.Text type="danger" role="alert">{translate(rowError, { max: format.format(resource, "outstanding_balance_pending", maxPayment(item), row) }, rowError)}</Typography.Text> : null}
          </Flex>
        );
      },
    },
    {
      key: "payment_method",
      title: t("paymentMethod", "Payment Method"),
      width: 135,
      render: (row) => {
        const item = items.get(row.id);
        const choices = options.methodsOf(row.vendor_id);
        const current = options.methodOf(row.vendor_id, item?.payment_method_id);
        if (!item || all || !methodChoosable || choices.length < 2) return <Typography.Text ellipsis={{ tooltip: true }}>{current ? current.name : "—"}</Typography.Text>;
        return <Select aria-label={`${t("paymentMethod", "Payment Method")} ${row.number}`} size="small" style={{ width: "100%" }} popupMatchSelectWidth={false} value={current?.id}
          options={choices.map((m) => ({ value: m.id, label: m.name }))} onChange={(id: number) => update(row.id, { payment_method_id: id })} />;
      },
    },
    {
      key: "payment_method_from",
      title: t("originatingAccount", "Originating Account"),
      width: 135,
      render: (row) => {
        const item = items.get(row.id);
        const current = options.accountOf(item?.payment_method_from_id);
        if (!item || all || options.accounts.length < 2) return <Typography.Text ellipsis={{ tooltip: true }}>{current?.name ?? "—"}</Typography.Text>;
        return <Select aria-label={`${t("originatingAccount", "Originating Account")} ${row.number}`} size="small" style={{ width: "100%" }} popupMatchSelectWidth={false} value={current?.id}
          options={options.accounts.map((m) => ({ value: m.id, label: m.name }))} onChange={(id: number) => update(row.id, { payment_method_from_id: id })} />;
      },
    },
    {
      key: "credits",
      title: t("credits", "Vendor Credits"),
      width: 135,
      render: (row) => (
        <CreditsCell row={row} item={all ? undefined : items.get(row.id)} items={selected} available={options.creditsOf(row.vendor_id, row.currency_code)}
          errors={errors.get(row.id) ?? []} onChange={(credits) => setItems((previous) => new Map(previous).set(row.id, withCredits(previous.get(row.id)!, credits)))} />
      ),
    },
  ];
  /** on a phone: the invoice's key figures, and the payment's controls once it is selected */
  const cardColumn = {
    key: "card",
    render: (_: unknown, row: Invoice) => (
      <Flex vertical gap={4}>
        <RowCard resource={resource} columns={invoiceFields} row={row} label={label} />
        {items.has(row.id) || (all && row.is_payable_now) ? paymentColumns.map((column) => (
          <Flex key={column.key} justify="space-between" align="center" gap="small">
            <Typography.Text type="secondary">{column.title}</Typography.Text>
            <div style={{ minWidth: 0, maxWidth: "60%", textAlign: "right" }}>{column.render(row)}</div>
          </Flex>
        )) : null}
      </Flex>
    ),
  };
  const columns: TableColumnsType<Invoice> = phone ? [cardColumn] : [
    ...invoiceColumns,
    ...paymentColumns.map((column) => ({
      key: column.key, title: column.title, width: column.width, fixed: "right" as const, render: (_: unknown, row: Invoice) => column.render(row),
    })),
  ];
  const tableWidth = [...invoiceFields.map((c) => invoiceWidths[c.field] ?? 0), ...paymentColumns.map((c) => c.width)].reduce((a, b) => a + b, 0);

  /** Bulk 'all' mode: every payable invoice matching the filters, in full, read page by page. */
  async function everyMatching(): Promise<SelectedInvoice[]> {
    const found: SelectedInvoice[] = [];
    for (let current = 1; ; current++) {
      const { data, total } = await dataProvider().getList<Invoice>({
        resource: resource.name, pagination: { currentPage: current, pageSize: bulkPage }, filters: [...filters, payableNow], sorters,
      });
      found.push(...data.map(selectionOf));
      if (data.length < bulkPage || current * bulkPage >= total) return found;
    }
  }

  async function review() {
    setReviewing(true);
    try {
      const chosen = all ? await everyMatching() : selected;
      draftStore.save(user.company.id, { payment_date: paymentDate, items: chosen, all, search: location.search });
      void navigate("/review_payment_run");
    } finally {
      setReviewing(false);
    }
  }

  const totals = all
    ? (allStats.data ?? []).map((s) => ({ currency_code: s.key, amount: s.sum, count: s.count }))
    : totalsByCurrency(selected);
  const matching = (allStats.data ?? []).reduce((count, s) => count + s.count, 0);
  const allLabel = translate("payBills.allMode", { count: matching }, "Pay all matching invoices");
  const ready = mayPay && !dateError && errors.size === 0 && (all || items.size > 0);

  return (
    <>
      <Flex justify="space-between" align="start" wrap gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, "Pay Bills")}</Typography.Title>
        <PaymentDateField value={paymentDate} onChange={setPaymentDate} />
      </Flex>
      {mayPay ? null : <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("viewOnly", "You may look at the payable invoices; paying them needs the allowPayments or payInvoices permission.")} />}
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Button icon={<FilterOutlined />} type={filterPanel ? "primary" : "default"} aria-pressed={filterPanel} onClick={() => setFilterPanel(!filterPanel)}>
            {translate("grid.filters", "Filters")}
          </Button>
          {mayPay ? (
            <Space>
              <Switch aria-label={allLabel} checked={all} onChange={setAll} />
              <Typography.Text>{allLabel}</Typography.Text>
            </Space>
          ) : null}
        </Space>
        <Space wrap>
          {all ? null : <Typography.Text>{translate("grid.selected", { count: items.size }, `${items.size} selected`)}</Typography.Text>}
          {!all && items.size ? <Button onClick={() => setItems(new Map())}>{t("clearSelection", "Clear selection")}</Button> : null}
          <Button type="primary" disabled={!ready} loading={reviewing} onClick={() => void review()}>{t("review", "Review")}</Button>
        </Space>
      </Flex>
      {filterPanel ? (
        <FilterPanel resource={resource} filters={filters} columns={resource.columns.filter((c) => c.filterable)}
          setFilters={(next) => {
            setFilters(next);
            setCurrentPage(1);
          }} />
      ) : null}
      <Table<Invoice>
        {...tableProps}
        rowKey="id"
        columns={columns}
        size="small"
        showHeader={!phone}
        tableLayout="fixed"
        scroll={phone ? undefined : { x: tableWidth }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: false }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: all ? rows.filter((r) => r.is_payable_now).map((r) => r.id) : [...items.keys()],
          getCheckboxProps: (row) => ({ disabled: all || !payable(row), "aria-label": row.number }),
          onChange: (keys, chosen) => setItems((previous) => new Map(keys.map((key) => {
            const id = Number(key);
            return [id, previous.get(id) ?? selectionOf(chosen.find((r) => r?.id === id)!)];
          }))),
        }}
        footer={() => (totals.length ? <CurrencyTotals totals={totals} /> : <Typography.Text type="secondary">{t("nothingSelected", "Select the invoices to pay.")}</Typography.Text>)}
      />
    </>
  );
}
