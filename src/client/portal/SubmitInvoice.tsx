/**
 * /vendor_portal/submit_invoice/:id — the vendor answers an invoice request: the invoice's PDF, its
 * number, date, amount, one of the vendor's purchase orders (GET /api/portal/purchase_orders) and a
 * description, sent as multipart to the portal action submit_invoice (resources/invoice_requests.ts).
 * The server checks everything again; its refusals are shown on their fields. On success, to the new
 * invoice's portal page.
 */
import { keepEnterInField } from "../pages/form/enter-key.js";
import { useState } from "react";
import { useCustomMutation, useList, useOne, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Result, Select, Spin, Typography, Upload, type UploadFile } from "antd";
import type { Dayjs } from "dayjs";
import { Link, useNavigate, useParams } from "react-router";
import { fieldKey, titleKey } from "../i18n/keys.js";
import { NotFound } from "../pages/Results.js";
import type { Row } from "../format.js";
import { useUser } from "../user.js";
import { portalPrefix, portalResource } from "./sections.js";

interface Values {
  number: string;
  date: Dayjs;
  amount: string;
  purchase_order_id?: number;
  description?: string;
  /** the Upload's item: the file itself is kept in `files` */
  file?: unknown;
}

type Field = keyof Values;
const fields: readonly Field[] = ["number", "date", "amount", "purchase_order_id", "description", "file"];
const isField = (name: string): name is Field => (fields as readonly string[]).includes(name);

const moneyPattern = /^\d{1,13}(\.\d{1,2})?$/;

export default function SubmitInvoice() {
  const { id = "" } = useParams();
  const { translate } = useTranslation();
  const { company } = useUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [saving, setSaving] = useState(false);
  const { mutateAsync } = useCustomMutation<Row>();
  const [refused, setRefused] = useState<string>();
  const { result: request, query } = useOne<Row>({ resource: portalResource("invoice_requests"), id, errorNotification: false });
  const { result: orders } = useList<Row>({
    resource: portalResource("purchase_orders"), sorters: [{ field: "number", order: "desc" }], pagination: { currentPage: 1, pageSize: 100 },
  });
  const label = (field: string) => translate(fieldKey("invoices", field), field);
  const title = translate("portal.submitInvoice", "Submit invoice");

  if (query.isLoading) return <Spin />;
  if (query.isError || !request) return <NotFound />;
  const invoice = request.invoice as Row | null;
  if (request.status === "SUBMITTED" || request.has_token !== "ACTIVE") {
    return (
      <Result status="info" title={translate("portal.requestClosed", "This invoice request is no longer open.")}
        extra={invoice ? <Link to={`${portalPrefix}/invoices/${String(invoice.id)}`}>{`${translate(titleKey("invoices", "show"), "Invoice")} ${String(invoice.number)}`}</Link>
          : <Link to={`${portalPrefix}/invoice_requests`}>{translate(titleKey("invoice_requests", "list"), "Invoice Requests")}</Link>} />
    );
  }

  async function submit(values: Values) {
    const body = new FormData();
    body.append("number", values.number.trim());
    body.append("date", values.date.format("YYYY-MM-DD"));
    body.append("amount", values.amount.trim());
    if (values.purchase_order_id) body.append("purchase_order_id", String(values.purchase_order_id));
    if (values.description) body.append("description", values.description);
    body.append("file", files[0].originFileObj as Blob, files[0].name);
    setSaving(true);
    setRefused(undefined);
    try {
      const { data } = await mutateAsync({ url: `/api/portal/invoice_requests/${id}/submit_invoice`, method: "post", values: body, meta: { silent: true }, errorNotification: false });
      void navigate(`${portalPrefix}/invoices/${String((data.invoice as Row).id)}`);
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[]> }).errors ?? {};
      form.setFields(Object.entries(errors).flatMap(([name, messages]) => (isField(name) ? [{ name, errors: messages }] : [])));
      const other = Object.entries(errors).filter(([field]) => !isField(field)).flatMap(([, messages]) => messages);
      setRefused(other.join(" ") || (Object.keys(errors).length ? undefined : (error as Error).message));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640 }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>
        <Link to={`${portalPrefix}/invoice_requests`}>{translate("portal.backToList", "Back to list")}</Link>
      </Flex>
      {request.message ? <Alert type="info" message={String(request.message)} /> : null}
      <Card size="small">
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} onKeyDown={keepEnterInField}
          initialValues={{ purchase_order_id: request.purchase_order_id ?? undefined }}>
          <Form.Item label={translate("portal.invoicePdf", "Invoice (PDF)")} name="file" required
            rules={[{ validator: () => (files.length ? Promise.resolve() : Promise.reject(new Error(translate("portal.choosePdf", "Choose the invoice's PDF")))) }]}>
            <Upload accept=".pdf,application/pdf" maxCount={1} fileList={files} beforeUpload={() => false}
              onChange={({ fileList }) => { setFiles(fileList.slice(-1)); form.setFields([{ name: "file", errors: [] }]); }}>
              <Button>{translate("portal.choosePdf", "Choose the invoice's PDF")}</Button>
            </Upload>
          </Form.Item>
          <Form.Item label={label("number")} name="number" rules={[{ required: true, whitespace: true, max: 60 }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={label("date")} name="date" rules={[{ required: true }]}>
            <DatePicker format={company.company_date_format} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item label={label("amount")} name="amount"
            rules={[{ required: true }, { pattern: moneyPattern, message: translate("portal.amountFormat", "Enter an amount such as 1250.00") }]}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item label={translate(fieldKey("invoice_requests", "purchase_order"), "Purchase Order")} name="purchase_order_id">
            <Select allowClear showSearch optionFilterProp="label"
              options={orders.data.map((order) => ({ value: order.id as number, label: String(order.number) }))} />
          </Form.Item>
          <Form.Item label={label("description")} name="description" rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          {refused ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={refused} /> : null}
          <Button type="primary" htmlType="submit" loading={saving} block>{title}</Button>
        </Form>
      </Card>
    </Flex>
  );
}
