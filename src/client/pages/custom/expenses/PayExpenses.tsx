/**
 * /pay_expenses: the approved reimbursable expense reports (the pay_expenses view), ticked and paid
 * in full to each employee's payment method. The payment date and the ticked reports go to
 * /expenses_review_payment_run in the address (`date`, `ids`), so the review survives a reload.
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Flex, Space, Table, Typography, type TableColumnsType } from "antd";
import { useNavigate } from "react-router";
import { earliestPaymentDate } from "../../../../framework/business-days.js";
import type { ResourceDef } from "../../../../framework/resource.js";
import payExpenses from "../../../../../resources/pay_expenses.js";
import { useFormat, type Row } from "../../../format.js";
import { fieldKey } from "../../../i18n/keys.js";
import { fieldKind } from "../../../registry.js";
import { getDefaultSortOrder, useTable } from "../../../grid/use-table.js";
import type { CustomPageProps } from "../index.js";
import { PaymentDateField } from "../payments/PaymentDateField.js";
import { paymentDateError } from "../payments/selection.js";
import { useResources } from "../../../declarations.js";

// read as any declaration: its literal type narrows each column to the members it sets
const resource: ResourceDef = payExpenses;

export default function PayExpenses({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["pay_expenses"]);
  const format = useFormat();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const [paymentDate, setPaymentDate] = useState(earliestPaymentDate());
  const [ticked, setTicked] = useState<React.Key[]>([]);
  const { tableProps, sorters } = useTable<Row>({ resource: resource.name, syncWithLocation: true, pagination: { pageSize: 25 }, sorters: { initial: [resource.defaultSort] } });

  const columns: TableColumnsType<Row> = resource.columns.filter((c) => !c.hidden).map((column) => ({
    key: column.field,
    dataIndex: column.field.split("."),
    title: translate(fieldKey(resource.name, column.field), column.field),
    align: fieldKind(resource, column.field) === "money" ? "right" as const : undefined,
    sorter: column.sortable !== false,
    sortOrder: getDefaultSortOrder(column.field, sorters) ?? null,
    render: (_: unknown, row: Row) => format.render(resource, column, row),
  }));
  const review = () => void navigate(`/expenses_review_payment_run?date=${paymentDate}&ids=${ticked.join(",")}`);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, "Pay Expenses")}</Typography.Title>
        <Space>
          <Typography.Text>{translate("payExpenses.selected", { count: ticked.length }, `${ticked.length} selected`)}</Typography.Text>
          <Button type="primary" disabled={ticked.length === 0 || paymentDateError(paymentDate) !== null} onClick={review}>
            {translate("payExpenses.review", "Review payment run")}
          </Button>
        </Space>
      </Flex>
      <div style={{ marginBottom: 16 }}><PaymentDateField value={paymentDate} onChange={setPaymentDate} /></div>
      <Table<Row> {...tableProps} rowKey="id" size="small" columns={columns} scroll={{ x: true }}
        rowSelection={{ selectedRowKeys: ticked, onChange: setTicked, preserveSelectedRowKeys: true }} />
    </>
  );
}
