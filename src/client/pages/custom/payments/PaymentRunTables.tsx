/**
 * The three grids of a payment run's page (data spec 3 "Payment-run batch / invoice row / payment
 * row", 4 "Payment run"): batches with the 'Includes matching vendor' label; invoice rows showing
 * ERROR when they carry an error_message and the exclusion tooltip; payment rows showing
 * VOID - EXCLUDED, red when FAILED, with at most 10 linked invoices each.
 */
import { useTranslation } from "@refinedev/core";
import { Button, Table, Tag, Tooltip, type TableColumnsType } from "antd";
import { Link } from "react-router";
import type { ColumnDef, ResourceDef } from "../../../../framework/resource.js";
import paymentRunBatches from "../../../../../resources/payment_run_batches.js";
import paymentRunItems from "../../../../../resources/payment_run_items.js";
import paymentsDeclared from "../../../../../resources/payments.js";
import { useFormat, type Row } from "../../../format.js";
import { fieldKey } from "../../../i18n/keys.js";
import { showPath } from "../../../registry.js";

// read as any declaration: its literal type narrows each column to the members it sets
const [batches, items, payments]: ResourceDef[] = [paymentRunBatches, paymentRunItems, paymentsDeclared];

/** data spec 9: a payment-run payment row lists at most this many linked invoices */
export const linkedInvoicesShown = 10;
/** data spec 4: the tooltips of excluded rows */
const excludedInvoice = "This invoice has been excluded from the payment run by an approver";
const excludedPayment = "This payment has been excluded from the payment run by an approver";

const red = { background: "#fff1f0" };

function useColumns() {
  const format = useFormat();
  const { translate } = useTranslation();
  return (resource: typeof items, fields: readonly string[]) => fields.map((field) => {
    const column: ColumnDef = resource.columns.find((c) => c.field === field) ?? { field };
    return {
      key: field,
      title: translate(fieldKey(resource.name, field), field),
      align: column.kind === "money" || column.kind === "number" ? "right" as const : undefined,
      render: (_: unknown, row: Row) => format.render(resource, column, row),
    };
  });
}

/** Who a row or payment pays: its vendor, or (an expense reimbursement) its employee. */
const payeeOf = (row: Row) => {
  const employee = row.employee as Row | null;
  return String((row.vendor as Row | null)?.name ?? (employee ? [employee.first_name, employee.last_name].filter(Boolean).join(" ") : "—"));
};

/** What a run row pays, linked: its invoice, or its expense report. */
const paidDocument = (row: Row) => (row.expense_report_id
  ? { resource: "expense_reports", id: row.expense_report_id, number: (row.expense_report as Row | null)?.number }
  : { resource: "invoices", id: row.invoice_id, number: (row.invoice as Row | null)?.number });

/** A row's payment_method.payment_type in words (the payment-method resource's enum labels). */
function usePaymentType() {
  const { translate } = useTranslation();
  return (row: Row) => {
    const type = (row.payment_method as Row | null)?.payment_type;
    return type ? translate(`payment_methods.values.payment_type.${String(type)}`, String(type)) : "—";
  };
}

function ExcludedTag() {
  const { translate } = useTranslation();
  return (
    <Tooltip title={translate("payment_runs.tooltips.excluded_invoice", excludedInvoice)}>
      <Tag color="orange">{translate("paymentRun.excluded", "EXCLUDED")}</Tag>
    </Tooltip>
  );
}

export function BatchesTable({ rows }: { rows: Row[] }) {
  const { translate } = useTranslation();
  const columns = useColumns()(batches, ["batch_number", "total_vendor_count", "submitted_at", "status", "total_amount_in_functional"]);
  columns.push({
    key: "matching_vendor",
    title: "",
    align: undefined,
    render: (_: unknown, row: Row) => (row.matching_vendor ? <Tag color="purple">{translate("paymentRun.matchingVendor", "Includes matching vendor")}</Tag> : null),
  });
  return <Table<Row> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} />;
}

interface ItemsProps {
  rows: Row[];
  /** the approver's exclusion, when the user may exclude now */
  onExclude?: (itemId: number) => void;
}

export function ItemsTable({ rows, onExclude }: ItemsProps) {
  const { translate } = useTranslation();
  const format = useFormat();
  const paymentType = usePaymentType();
  const columnsOf = useColumns();
  const columns: TableColumnsType<Row> = [
    {
      key: "document", title: translate(fieldKey(items.name, "invoice.number"), "Invoice"),
      render: (_: unknown, row: Row) => {
        const paid = paidDocument(row);
        return <Link to={showPath(paid.resource, paid.id) ?? "#"}>{String(paid.number ?? "—")}</Link>;
      },
    },
    ...columnsOf(items, ["invoice_type"]),
    { key: "payee", title: translate(fieldKey(items.name, "vendor.name"), "Vendor"), render: (_: unknown, row: Row) => payeeOf(row) },
    ...columnsOf(items, ["amount"]),
    { key: "type", title: translate(fieldKey(items.name, "payment_method.payment_type"), "Payment Type"), render: (_: unknown, row: Row) => paymentType(row) },
    ...columnsOf(items, ["payment_date"]),
    { key: "payment_method_from", title: translate(fieldKey(items.name, "payment_method_from"), "From Account"), render: (_: unknown, row: Row) => String((row.payment_method_from as Row | null)?.name ?? "—") },
    {
      key: "status",
      title: translate(fieldKey(items.name, "status"), "Status"),
      render: (_: unknown, row: Row) => {
        if (row.excluded) return <ExcludedTag />;
        if (row.error_message) return <Tooltip title={String(row.error_message)}><Tag color="red">{translate("paymentRun.error", "ERROR")}</Tag></Tooltip>;
        return format.render(items, items.columns.find((c) => c.field === "status")!, row);
      },
    },
  ];
  if (onExclude) {
    columns.push({
      key: "exclude",
      title: "",
      render: (_: unknown, row: Row) => (row.excluded ? null
        : <Button size="small" danger onClick={() => onExclude(row.id as number)}>{translate("paymentRun.exclude", "Exclude")}</Button>),
    });
  }
  return <Table<Row> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: "max-content" }}
    onRow={(row) => ({ style: row.status === "FAILED" ? red : undefined })} />;
}

interface PaymentsProps {
  rows: Row[];
  /** the run's invoice rows: each names the payment that pays it (payment_id) */
  items: Row[];
  onExclude?: (paymentId: number) => void;
}

/** Only DEBIT payments can be excluded (data spec 4), and only while they are scheduled. */
const excludable = (row: Row) => row.record_type === "DEBIT" && !row.excluded && (row.status === "PENDING" || row.status === "APPROVED");

export function PaymentsTable({ rows, items: invoiceRows, onExclude }: PaymentsProps) {
  const { translate } = useTranslation();
  const format = useFormat();
  const columnsOf = useColumns();
  const paymentType = usePaymentType();
  const columns: TableColumnsType<Row> = [
    ...columnsOf(payments, ["payment_number"]),
    { key: "payee", title: translate(fieldKey(payments.name, "vendor.name"), "Vendor"), render: (_: unknown, row: Row) => payeeOf(row) },
    ...columnsOf(payments, ["payment_date"]),
    { key: "from", title: translate("payBills.originatingAccount", "Originating Account"), render: (_: unknown, row: Row) => String((row.payment_method_from as Row | null)?.name ?? "—") },
    { key: "type", title: translate("payBills.paymentType", "Payment Type"), render: (_: unknown, row: Row) => paymentType(row) },
    ...columnsOf(payments, ["amount"]),
    {
      key: "invoices",
      title: translate(fieldKey(payments.name, "invoices"), "Invoices"),
      render: (_: unknown, row: Row) => {
        const linked = invoiceRows.filter((item) => item.payment_id === row.id).map(paidDocument);
        const links = linked.slice(0, linkedInvoicesShown).map((paid, i) => (
          <span key={`${paid.resource}${String(paid.id)}`}>{i ? ", " : ""}<Link to={showPath(paid.resource, paid.id) ?? "#"}>{String(paid.number)}</Link></span>
        ));
        const more = linked.length - linkedInvoicesShown;
        return <>{links}{more > 0 ? ` ${translate("paymentRun.moreInvoices", { count: more }, `+${more} more`)}` : null}</>;
      },
    },
    {
      key: "status",
      title: translate(fieldKey(payments.name, "status"), "Status"),
      render: (_: unknown, row: Row) => (row.excluded
        ? <Tooltip title={translate("payment_runs.tooltips.excluded_payment", excludedPayment)}><Tag>{translate("paymentRun.voidExcluded", "VOID - EXCLUDED")}</Tag></Tooltip>
        : format.render(payments, payments.columns.find((c) => c.field === "status")!, row)),
    },
  ];
  if (onExclude) {
    columns.push({
      key: "exclude",
      title: "",
      render: (_: unknown, row: Row) => (excludable(row)
        ? <Button size="small" danger onClick={() => onExclude(row.id as number)}>{translate("paymentRun.exclude", "Exclude")}</Button> : null),
    });
  }
  return <Table<Row> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: "max-content" }}
    onRow={(row) => ({ style: row.status === "FAILED" ? red : undefined })} />;
}
