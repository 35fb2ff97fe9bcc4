/**
 * The vendor's company settings at the current purchaser (`/vendor_portal/settings/{status}`, docs/portal.md
 * "Self-service"): its own vendor record read through `GET /api/portal/vendors`, in three tabs —
 * general (contact and address details, `update_details`), payment (its payment methods with their
 * approval status; new bank details, `payment_methods/propose`), tax (tax id, W-9 status, the W-9 upload).
 * The server decides everything (what may change, the checks, the approval); a refusal's per-field
 * messages are shown on the form's fields.
 */
import { useCustomMutation, useList, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Select, Spin, Table, Tabs, Typography, Upload } from "antd";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import methods from "../../../resources/payment_methods.js";
import vendors from "../../../resources/vendors.js";
import { useFormat, type Row } from "../format.js";
import { notify } from "../notify.js";
import { fieldKey } from "../i18n/keys.js";
import { portalPrefix, portalResource } from "./sections.js";
import { useResources } from "../declarations.js";

export const settingsTabs = ["general", "payment", "tax"] as const;
type Tab = (typeof settingsTabs)[number];

const detailFields = ["email", "phone", "address1", "city", "state", "zipcode", "country"];
const bankFields = ["account_name", "bank_name", "routing", "account_number"];

/** A portal action's POST; its per-field refusal goes onto the form (the server's words). */
function useAction(form: ReturnType<typeof Form.useForm>[0] | undefined, done: () => void) {
  const { translate } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCustomMutation();
  const run = async (url: string, body: unknown, headers?: Record<string, string>) => {
    setBusy(true);
    try {
      await mutateAsync({ url, method: "post", values: body ?? {}, config: { headers }, meta: { silent: form !== undefined }, errorNotification: false });
      notify("success", { title: translate("portal.settings.saved", "Saved.") });
      done();
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[]> }).errors ?? {};
      form?.setFields(Object.entries(errors).map(([name, messages]) => ({ name, errors: messages })));
      if (form && errors.base) notify("error", { title: errors.base.join(" ") });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function Details({ vendor, fields }: { vendor: Row; fields: string[] }) {
  const format = useFormat();
  const { translate } = useTranslation();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}
      items={fields.map((field) => ({ key: field, label: translate(fieldKey("vendors", field), field), children: format.render(vendors, { field }, vendor) || "—" }))} />
  );
}

function General({ vendor, refresh }: { vendor: Row; refresh: () => void }) {
  const { translate } = useTranslation();
  const [form] = Form.useForm();
  const { busy, run } = useAction(form, refresh);
  return (
    <Flex vertical gap="middle">
      <Details vendor={vendor} fields={["name", "status", "currency_code"]} />
      <Typography.Text type="secondary">{translate("portal.settings.nameNotice", "To change your company's legal name, contact the purchaser: a new name needs a new W-9.")}</Typography.Text>
      <Form form={form} layout="vertical" initialValues={Object.fromEntries(detailFields.map((f) => [f, vendor[f] ?? ""]))}
        onFinish={(values: Row) => void run(`/api/portal/vendors/${String(vendor.id)}/update_details`,
          Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? null : v])))}>
        {detailFields.map((field) => (
          <Form.Item key={field} name={field} label={translate(fieldKey("vendors", field), field)}><Input /></Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={busy}>{translate("portal.settings.save", "Save")}</Button>
      </Form>
    </Flex>
  );
}

function Payment({ vendor }: { vendor: Row }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const [form] = Form.useForm();
  const { result, query } = useList<Row>({ resource: portalResource("payment_methods"), pagination: { currentPage: 1, pageSize: 50 } });
  // one key per filled-in form: a retried click is the same proposal (the server answers it once)
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { busy, run } = useAction(form, () => {
    form.resetFields();
    setKey(crypto.randomUUID());
    void query.refetch();
  });
  const columns = ["name", "bank_name", "account_number_masked", "account_type", "is_default", "status"].map((field) => ({
    key: field, title: translate(fieldKey("payment_methods", field), field), render: (_: unknown, row: Row) => format.render(methods, { field }, row),
  }));
  return (
    <Flex vertical gap="middle">
      <Table<Row> rowKey="id" size="small" pagination={false} scroll={{ x: true }} loading={query.isLoading} columns={columns} dataSource={result.data} />
      <Card size="small" title={translate("portal.changeBankDetails", "Change bank details")}>
        <Alert type="info" showIcon style={{ marginBottom: 12 }}
          message={translate("portal.settings.bankNotice", "New bank details are checked and approved by the purchaser before any payment is made to them.")} />
        <Form form={form} layout="vertical" initialValues={{ account_name: vendor.name, account_type: "checking" }}
          onFinish={(values: Row) => void run("/api/portal/payment_methods/propose", values, { "Idempotency-Key": key })}>
          {bankFields.map((field) => (
            <Form.Item key={field} name={field} label={translate(fieldKey("payment_methods", field), field)} rules={[{ required: field !== "bank_name" }]}>
              <Input autoComplete="off" />
            </Form.Item>
          ))}
          <Form.Item name="account_type" label={translate(fieldKey("payment_methods", "account_type"), "Account Type")}>
            <Select options={["checking", "savings"].map((value) => ({ value, label: translate(`payment_methods.values.account_type.${value}`, value) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{translate("portal.changeBankDetails", "Change bank details")}</Button>
        </Form>
      </Card>
    </Flex>
  );
}

function Tax({ vendor, refresh }: { vendor: Row; refresh: () => void }) {
  const { translate } = useTranslation();
  const [form] = Form.useForm();
  const { busy, run } = useAction(form, refresh);
  const upload = useAction(undefined, refresh);
  return (
    <Flex vertical gap="middle">
      <Details vendor={vendor} fields={["tax_id", "has_w9"]} />
      <Form form={form} layout="inline" initialValues={{ tax_id: vendor.tax_id ?? "" }}
        onFinish={(values: Row) => void run(`/api/portal/vendors/${String(vendor.id)}/update_details`, { tax_id: values.tax_id === "" ? null : values.tax_id })}>
        <Form.Item name="tax_id" label={translate(fieldKey("vendors", "tax_id"), "Tax ID")}><Input placeholder="12-3456789" /></Form.Item>
        <Button htmlType="submit" loading={busy}>{translate("portal.settings.save", "Save")}</Button>
      </Form>
      <Upload accept="application/pdf,.pdf" showUploadList={false} customRequest={({ file }) => {
        const body = new FormData();
        body.append("file", file as Blob, (file as File).name);
        void upload.run(`/api/portal/vendors/${String(vendor.id)}/upload_w9`, body);
      }}>
        <Button loading={upload.busy}>{translate("portal.uploadW9", "Upload W-9 (PDF)")}</Button>
      </Upload>
    </Flex>
  );
}

export default function PortalSettings() {
  // the texts (and declarations) of the resources it shows
  useResources(["vendors", "payment_methods"]);
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const { status } = useParams();
  const tab: Tab = settingsTabs.includes(status as Tab) ? (status as Tab) : "general";
  const { result, query } = useList<Row>({ resource: portalResource("vendors"), pagination: { currentPage: 1, pageSize: 1 } });
  const vendor = result.data[0];
  const refresh = () => void query.refetch();
  if (query.isLoading) return <Spin />;
  const content = (which: Tab) => !vendor ? null
    : which === "general" ? <General key={String(vendor.updated_at ?? vendor.id)} vendor={vendor} refresh={refresh} />
      : which === "payment" ? <Payment vendor={vendor} /> : <Tax vendor={vendor} refresh={refresh} />;
  return (
    <>
      {/* placed as every portal page's title (PortalPages' Title): no top margin of its own */}
      <Typography.Title level={3} style={{ margin: "0 0 16px" }}>{translate("portal.settings.title", "Company settings")}</Typography.Title>
      <Tabs activeKey={tab} onChange={(key) => navigate(`${portalPrefix}/settings/${key}`)} destroyOnHidden
        items={settingsTabs.map((key) => ({ key, label: translate(`portal.settings.tabs.${key}`, key), children: content(key) }))} />
    </>
  );
}
