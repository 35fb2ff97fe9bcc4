/**
 * /review_payment_run: the pay-bills selection as the payment run it would create
 * (POST /api/payment_runs/preview, nothing written): one payment per vendor, payment method,
 * originating account and currency, with its invoices and credits, and totals per currency. Errors
 * the server finds are shown against the invoice rows they name. "Create payment run" posts the same
 * body to /api/payment_runs and opens the new run; "Back to edit" returns to pay bills with the
 * selection as it was.
 */
import { useMemo, useState } from "react";
import { useCustom, useCustomMutation, useTranslation } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, List, Result, Space, Spin, Table, Typography, type TableColumnsType } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { formatDate } from "../../../../framework/dates.js";
import { formatMoney } from "../../../../framework/money.js";
import { numberLocale } from "../../../i18n/index.js";
import { useUser } from "../../../user.js";
import type { CustomPageProps } from "../index.js";
import { CurrencyTotals } from "./CurrencyTotals.js";
import { draftStore, errorsByRow, runBody } from "./selection.js";
import { useResources } from "../../../declarations.js";

export interface PreviewPayment {
  vendor_id: number;
  vendor_name: string;
  payment_method_id: number | null;
  payment_type: string | null;
  payment_method_from_id: number | null;
  payment_method_from_name: string | null;
  currency_code: string;
  amount: string;
  credit_amount: string;
  invoices: { invoice_id: number; number: string; amount: string }[];
  credits: { credit_id: number; payment_number: string; amount: string }[];
}

interface Preview {
  payment_date: string;
  payments: PreviewPayment[];
  totals: { currency_code: string; amount: string }[];
}

type Failure = { statusCode?: number; errors?: Record<string, string[]> };

export default function ReviewPaymentRun({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["payment_methods"]);
  const user = useUser();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const draft = useMemo(() => draftStore.load(user.company.id), [user.company.id]);
  const body = useMemo(() => (draft ? runBody(draft) : null), [draft]);
  const [refused, setFailure] = useState<Failure>();
  // the preview is a question (nothing written): a query, asked again when the body changes
  const { query: previewing } = useCustom<Preview>({
    url: "/api/payment_runs/preview", method: "post", config: { payload: body ?? {} }, meta: { silent: true }, errorNotification: false,
    queryOptions: { enabled: body !== null, retry: false },
  });
  const { mutateAsync } = useCustomMutation<{ id: number }>();
  // (the query's own data: `result.data` is `{}` until an answer came)
  const preview = previewing.data?.data;
  const failure = refused ?? (previewing.error as Failure | null) ?? undefined;
  const [creating, setCreating] = useState(false);
  const t = (key: string, fallback: string, options?: Record<string, unknown>) =>
    options ? translate(`payBills.${key}`, options, fallback) : translate(`payBills.${key}`, fallback);
  const shown = (amount: string, currency: string) => formatMoney(amount, currency, numberLocale());


  if (!draft || !body || !draft.items.length) {
    return <Result status="info" title={t("nothingToReview", "No invoices are selected for payment.")}
      extra={<Button type="primary" onClick={() => void navigate("/invoices_pay_bills")}>{t("backToEdit", "Back to edit")}</Button>} />;
  }

  const backToEdit = () => void navigate(`/invoices_pay_bills${draft.search}`);

  async function create() {
    setCreating(true);
    try {
      // one Idempotency-Key per click (http.ts): a retried request creates one run (docs/api.md "Idempotency")
      const { data } = await mutateAsync({ url: "/api/payment_runs", method: "post", values: body ?? {}, meta: { silent: true }, errorNotification: false });
      draftStore.clear(user.company.id);
      void navigate(`/payment_runs/${data.id}`);
    } catch (error) {
      setFailure(error as Failure);
    } finally {
      setCreating(false);
    }
  }

  const rowErrors = failure?.errors ? errorsByRow(failure.errors, body) : new Map<number, string[]>();
  const general = [...(rowErrors.get(0) ?? []), ...(failure && !failure.errors ? [t("previewFailed", "The payment run could not be checked (error {{status}}).", { status: failure.statusCode ?? 0 })] : [])];
  const wrong = draft.items.filter((item) => rowErrors.has(item.invoice_id));

  const columns: TableColumnsType<PreviewPayment> = [
    { key: "vendor", title: t("vendor", "Vendor"), dataIndex: "vendor_name" },
    { key: "type", title: t("paymentType", "Payment Type"), dataIndex: "payment_type", render: (type: string | null) => (type ? translate(`payment_methods.values.payment_type.${type}`, type) : "—") },
    { key: "from", title: t("originatingAccount", "Originating Account"), dataIndex: "payment_method_from_name" },
    { key: "invoices", title: t("invoices", "Invoices"), render: (_, p) => p.invoices.map((i) => i.number).join(", ") },
    { key: "credits", title: t("credits", "Vendor Credits"), align: "right", render: (_, p) => (p.credits.length ? shown(p.credit_amount, p.currency_code) : "—") },
    { key: "amount", title: t("paymentAmount", "Payment Amount"), align: "right", render: (_, p) => <strong>{shown(p.amount, p.currency_code)}</strong> },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, "Review Payment Run")}</Typography.Title>
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={backToEdit}>{t("backToEdit", "Back to edit")}</Button>
          <Button type="primary" loading={creating} disabled={!preview || rowErrors.size > 0} onClick={() => void create()}>
            {t("createRun", "Create payment run")}
          </Button>
        </Space>
      </Flex>
      <Descriptions size="small" style={{ marginBottom: 16 }} items={[
        { key: "date", label: t("paymentDate", "Payment Date"), children: formatDate(draft.payment_date, user.company.company_date_format) },
        { key: "invoices", label: t("invoices", "Invoices"), children: draft.items.length },
        { key: "payments", label: t("payments", "Payments"), children: preview?.payments.length ?? "—" },
      ]} />
      {general.length ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={general.join(" ")} /> : null}
      {wrong.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t("rowsWithErrors", "These invoices cannot be paid as selected:")}
          description={<List size="small" dataSource={wrong} renderItem={(item) => (
            <List.Item data-invoice={item.number}>
              <Typography.Text strong>{item.number}</Typography.Text> ({item.vendor_name}, {shown(item.amount, item.currency_code)}): {rowErrors.get(item.invoice_id)!.join(" ")}
            </List.Item>
          )} />} />
      ) : null}
      {!preview && !failure ? <Spin /> : null}
      {preview ? (
        <Table<PreviewPayment>
          rowKey={(p) => `${p.vendor_id}-${p.payment_method_id}-${p.payment_method_from_id}-${p.currency_code}`}
          size="small"
          columns={columns}
          dataSource={preview.payments}
          pagination={false}
          expandable={{
            expandedRowRender: (p) => (
              <Descriptions size="small" column={1} items={[
                ...p.invoices.map((i) => ({ key: `i${i.invoice_id}`, label: i.number, children: shown(i.amount, p.currency_code) })),
                ...p.credits.map((c) => ({ key: `c${c.credit_id}`, label: `${t("credit", "Credit")} ${c.payment_number}`, children: `− ${shown(c.amount, p.currency_code)}` })),
              ]} />
            ),
          }}
          footer={() => <CurrencyTotals totals={preview.totals} />}
        />
      ) : null}
    </>
  );
}
