/**
 * /expenses_review_payment_run?date&ids: the ticked expense reports as the payment run they would
 * make (POST /api/payment_runs/preview, nothing written): one payment per employee, payment method
 * and originating account, with its reports. "Create payment run" posts the same body and opens the
 * run, where it is submitted, approved and processed like any other.
 */
import { useMemo, useState } from "react";
import { useCustom, useCustomMutation, useTranslation } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Result, Space, Spin, Table, Typography, type TableColumnsType } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useNavigate, useSearchParams } from "react-router";
import { formatDate } from "../../../../framework/dates.js";
import { formatMoney } from "../../../../framework/money.js";
import { numberLocale } from "../../../i18n/index.js";
import { useUser } from "../../../user.js";
import type { CustomPageProps } from "../index.js";
import { CurrencyTotals } from "../payments/CurrencyTotals.js";
import { useResources } from "../../../declarations.js";

interface PreviewPayment {
  employee_contact_id: number;
  vendor_name: string;
  payment_method_id: number;
  payment_type: string;
  payment_method_from_id: number;
  payment_method_from_name: string | null;
  currency_code: string;
  amount: string;
  expense_reports: { expense_report_id: number; number: string; amount: string }[];
}

interface Preview {
  payments: PreviewPayment[];
  totals: { currency_code: string; amount: string }[];
}

type Failure = { statusCode?: number; errors?: Record<string, string[]> };

export default function ReviewExpenseRun({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["payment_methods"]);
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const date = params.get("date") ?? "";
  const ids = params.get("ids") ?? "";
  const body = useMemo(() => ({
    payment_date: date,
    items: ids.split(",").filter((id) => /^\d+$/.test(id)).map((id) => ({ expense_report_id: Number(id) })),
  }), [date, ids]);
  const [refused, setFailure] = useState<Failure>();
  // the preview is a question (nothing written): a query, asked again when the body changes
  const { query: previewing } = useCustom<Preview>({
    url: "/api/payment_runs/preview", method: "post", config: { payload: body }, meta: { silent: true }, errorNotification: false,
    queryOptions: { enabled: body.items.length > 0, retry: false },
  });
  const { mutateAsync } = useCustomMutation<{ id: number }>();
  // (the query's own data: `result.data` is `{}` until an answer came)
  const preview = previewing.data?.data;
  const failure = refused ?? (previewing.error as Failure | null) ?? undefined;
  const [creating, setCreating] = useState(false);
  const t = (key: string, fallback: string) => translate(`payExpenses.${key}`, fallback);
  const shown = (amount: string, currency: string) => formatMoney(amount, currency, numberLocale());


  if (body.items.length === 0) {
    return <Result status="info" title={t("nothingToReview", "No expense reports are selected for payment.")}
      extra={<Button type="primary" onClick={() => void navigate("/pay_expenses")}>{t("backToEdit", "Back to edit")}</Button>} />;
  }

  async function create() {
    setCreating(true);
    try {
      // one Idempotency-Key per click (http.ts): a retried request creates one run
      const { data } = await mutateAsync({ url: "/api/payment_runs", method: "post", values: body, meta: { silent: true }, errorNotification: false });
      void navigate(`/payment_runs/${data.id}`);
    } catch (error) {
      setFailure(error as Failure);
    } finally {
      setCreating(false);
    }
  }

  const problems = failure?.errors ? Object.values(failure.errors).flat()
    : failure ? [t("previewFailed", "The payment run could not be checked.")] : [];
  const columns: TableColumnsType<PreviewPayment> = [
    { key: "employee", title: t("employee", "Employee"), dataIndex: "vendor_name" },
    { key: "type", title: t("paymentType", "Payment Type"), dataIndex: "payment_type", render: (type: string) => translate(`payment_methods.values.payment_type.${type}`, type) },
    { key: "from", title: t("originatingAccount", "Originating Account"), dataIndex: "payment_method_from_name" },
    { key: "reports", title: t("reports", "Expense Reports"), render: (_, p) => p.expense_reports.map((r) => r.number).join(", ") },
    { key: "amount", title: t("paymentAmount", "Payment Amount"), align: "right", render: (_, p) => <strong>{shown(p.amount, p.currency_code)}</strong> },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, "Review Payment Run")}</Typography.Title>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate("/pay_expenses")}>{t("backToEdit", "Back to edit")}</Button>
          <Button type="primary" loading={creating} disabled={!preview || problems.length > 0} onClick={() => void create()}>{t("createRun", "Create payment run")}</Button>
        </Space>
      </Flex>
      <Descriptions size="small" style={{ marginBottom: 16 }} items={[
        { key: "date", label: t("paymentDate", "Payment Date"), children: formatDate(date, user.company.company_date_format) },
        { key: "reports", label: t("reports", "Expense Reports"), children: body.items.length },
      ]} />
      {problems.length ? <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={problems.join(" ")} /> : null}
      {!preview && !failure ? <Spin /> : null}
      {preview ? (
        <Table<PreviewPayment> rowKey={(p) => `${p.employee_contact_id}-${p.payment_method_id}-${p.payment_method_from_id}`} size="small" columns={columns}
          dataSource={preview.payments} pagination={false} scroll={{ x: true }} footer={() => <CurrencyTotals totals={preview.totals} />} />
      ) : null}
    </>
  );
}
