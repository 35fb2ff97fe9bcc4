/**
 * /payment_runs/:paymentRunID: a payment run — header (number, status, date, totals, vendors),
 * batches, invoice rows, payment rows, NACHA files and approvals — and what may be done with it
 * now, by its status and the user's permissions: submit for approval (NEW), exclude rows (the
 * approver of the current step; DEBIT payments only), approve or reject, process (APPROVED; one
 * Idempotency-Key per click), download the NACHA files, delete (the resource's row action, when the server allows it).
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useNavigate, useParams } from "react-router";
import { can } from "../../../../framework/permissions.js";
import { resourceByName } from "../../../../../resources/index.js";
import { RowActions } from "../../../actions.js";
import { useFormat, type Row } from "../../../format.js";
import { http } from "../../../http.js";
import { fieldKey } from "../../../i18n/keys.js";
import { notify } from "../../../notify.js";
import { useUser } from "../../../user.js";
import type { CustomPageProps } from "../index.js";
import { downloadFile } from "./download.js";
import { BatchesTable, ItemsTable, PaymentsTable } from "./PaymentRunTables.js";
import { currentApprovalOf, RunApprovals, type Approval } from "./RunApprovals.js";
import { useApi } from "./useApi.js";

const runs = resourceByName.get("payment_runs")!;
/** processing a run needs the pay-bills guard's keys, as the server says (spec 2.15) */
const runKeys = resourceByName.get("invoices_pay_bills")!.permissions.list;
const listLimit = 1000;

export default function PaymentRun({ page }: CustomPageProps) {
  const { paymentRunID } = useParams();
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string>();
  const id = encodeURIComponent(paymentRunID ?? "");
  const run = useApi<Row>(`/api/payment_runs/${id}`);
  const items = useApi<Row[]>(`/api/payment_run_items?payment_run_id=${id}&_sort=id&_order=asc&_end=${listLimit}`);
  const payments = useApi<Row[]>(`/api/payments?payment_run_id=${id}&_sort=id&_order=asc&_end=${listLimit}`);
  const files = useApi<Row[]>(`/api/nacha_payments?payment_run_id=${id}&_sort=id&_order=asc&_end=${listLimit}`);
  const approvals = useApi<Approval[]>(`/api/approvals?approvable_type=PaymentRun&approvable_id=${id}&_sort=id&_order=asc&_end=${listLimit}`);
  const t = (key: string, fallback: string) => translate(`paymentRun.${key}`, fallback);

  if (run.failed) return <Result status={run.failed === 404 ? "404" : "error"} title={t("notFound", "This payment run cannot be shown.")} />;
  if (!run.data) return <Spin />;
  const data = run.data;
  const status = String(data.status);
  const number = String(data.number);

  const reload = () => [run, items, payments, files, approvals].forEach((r) => r.reload());
  /** One action at a time; a failure is reported by the HTTP layer (or here for a 422 without base). */
  async function act(name: string, call: () => Promise<unknown>, done?: string) {
    setBusy(name);
    try {
      await call();
      if (done) notify("success", { title: translate(`paymentRun.done.${name}`, done) });
      reload();
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[]> }).errors;
      if (errors && !errors.base) notify("error", { title: t("failed", "The action failed."), message: Object.entries(errors).map(([f, m]) => `${f}: ${m.join(", ")}`).join("; ") });
    } finally {
      setBusy(undefined);
    }
  }

  const mayRun = can(user, runKeys);
  const mine = currentApprovalOf(approvals.data ?? [], user.contact.id);
  const excluding = status === "PENDING" && mine !== undefined;
  const exclude = (body: { payment_ids?: number[]; item_ids?: number[] }) =>
    void act("exclude", () => http.post(`/api/payment_runs/${id}/exclude`, body), "Excluded from the payment run");
  const ach = (files.data ?? []);

  const actions = (
    <Space wrap>
      {status === "NEW" && can(user, runs.approvable?.permission ?? runKeys) ? (
        <Button type="primary" loading={busy === "submit"} onClick={() => void act("submit", () => http.post(`/api/payment_runs/${id}/submit`, {}), "Submitted for approval")}>
          {t("submit", "Submit for approval")}
        </Button>
      ) : null}
      {status === "APPROVED" && mayRun ? (
        <Button type="primary" loading={busy === "process"} onClick={() => void act("process",
          () => http.post(`/api/payment_runs/${id}/process`, {}, { headers: { "Idempotency-Key": crypto.randomUUID() } }), "Payment run processed")}>
          {t("process", "Process")}
        </Button>
      ) : null}
      {ach.length ? (
        <Button icon={<DownloadOutlined />} loading={busy === "download"} onClick={() => void act("download",
          async () => {
            for (const file of ach) await downloadFile(`/api/nacha_payments/${String(file.id)}/file`, String(file.file_name ?? `${String(file.number)}.txt`));
          })}>
          {ach.length > 1 ? t("downloadNachaFiles", "Download NACHA files") : t("downloadNachaFile", "Download NACHA file")}
        </Button>
      ) : null}
      <RowActions resource={runs} row={data} only={["delete"]} onDeleted={() => void navigate(runs.routes.list ?? "/")} />
    </Space>
  );

  const field = (name: string) => translate(fieldKey(runs.name, name), name);
  const column = (name: string) => runs.columns.find((c) => c.field === name) ?? { field: name };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>{translate(page.title, "Payment Run")} {number}</Typography.Title>
          <span data-run-status={status}>{format.render(runs, column("status"), data)}</span>
        </Space>
        {actions}
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} items={[
        { key: "payment_date", label: field("payment_date"), children: format.render(runs, column("payment_date"), data) },
        { key: "total_amount", label: field("total_amount"), children: format.render(runs, column("total_amount"), data) },
        { key: "total_vendor_count", label: field("total_vendor_count"), children: format.render(runs, column("total_vendor_count"), data) },
        { key: "submitted_at", label: field("submitted_at"), children: format.render(runs, column("submitted_at"), data) || "—" },
        { key: "description", label: field("description"), children: String(data.description ?? "") || "—" },
        { key: "files", label: t("nachaFiles", "NACHA files"), children: ach.length
          ? <Space wrap>{ach.map((f) => <Tag key={String(f.id)}>{String(f.file_name ?? f.number)}</Tag>)}</Space> : "—" },
      ]} />
      {excluding ? <Alert type="info" showIcon message={t("excludeHint", "As the approver of this step you may exclude DEBIT payments or invoices before approving.")} /> : null}
      <Card size="small" title={field("payment_run_batches")}>
        <BatchesTable rows={(data.payment_run_batches as Row[] | undefined) ?? []} />
      </Card>
      <Card size="small" title={field("payment_run_items")}>
        <ItemsTable rows={items.data ?? []} onExclude={excluding ? (itemId) => exclude({ item_ids: [itemId] }) : undefined} />
      </Card>
      <Card size="small" title={field("payments")}>
        <PaymentsTable rows={payments.data ?? []} items={items.data ?? []} onExclude={excluding ? (paymentId) => exclude({ payment_ids: [paymentId] }) : undefined} />
      </Card>
      <Card size="small" title={field("approvals")}>
        <RunApprovals rows={approvals.data ?? []} runNumber={number} onActed={reload} />
      </Card>
    </Flex>
  );
}
