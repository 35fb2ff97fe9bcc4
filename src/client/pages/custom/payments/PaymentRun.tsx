/**
 * /payment_runs/:paymentRunID: a payment run — header (number, status, date, totals, vendors),
 * batches, invoice rows, payment rows, NACHA files and the approval timeline — and what may be done
 * with it now, by its status and the user's permissions: submit for approval (NEW), exclude rows
 * (the approver of the current step; DEBIT payments only), approve or reject (the approval bar),
 * process (APPROVED; one Idempotency-Key per click), download the NACHA files, delete (the
 * resource's row action, when the server allows it).
 */
import { useState } from "react";
import { useCustomMutation, useInvalidate, useList, useOne, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useNavigate, useParams } from "react-router";
import { can } from "../../../../framework/permissions.js";
import runs from "../../../../../resources/payment_runs.js";
import { outlineByName, useResources } from "../../../declarations.js";
import { RowActions } from "../../../actions.js";
import { ApprovalBar } from "../../../approvals/ApprovalBar.js";
import { ApprovalTimeline } from "../../../approvals/ApprovalTimeline.js";
import { SubmitButton } from "../../../approvals/SubmitButton.js";
import { useApprovals } from "../../../approvals/useApprovals.js";
import { useFormat, type Row } from "../../../format.js";
import { fieldKey } from "../../../i18n/keys.js";
import { notify } from "../../../notify.js";
import { useUser } from "../../../user.js";
import type { CustomPageProps } from "../index.js";
import { downloadFile } from "../../../download.js";
import { BatchesTable, ItemsTable, PaymentsTable } from "./PaymentRunTables.js";

const approvable = runs.approvable!;
/** processing a run needs the pay-bills guard's keys, as the server says (spec 2.15) */
const runKeys = outlineByName.get("invoices_pay_bills")!.permissions.list;
const listLimit = 1000;
/** the run's rows of one resource, oldest first; a list closed to the user shows none (no notice) */
const runRows = (resource: string, runId: string) => ({
  resource,
  filters: [{ field: "payment_run_id", operator: "eq" as const, value: runId }],
  sorters: [{ field: "id", order: "asc" as const }],
  pagination: { currentPage: 1, pageSize: listLimit },
  meta: { silent: true },
  errorNotification: false as const,
});
const rowResources = ["payment_run_items", "payments", "nacha_payments"] as const;

export default function PaymentRun({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["payment_runs", "payment_run_batches", "payment_run_items", "payments", "payment_methods"]);
  const { paymentRunID } = useParams();
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<string>();
  const id = encodeURIComponent(paymentRunID ?? "");
  const { result: data, query } = useOne<Row>({ resource: runs.name, id, errorNotification: false });
  const items = useList<Row>(runRows("payment_run_items", id)).result.data;
  const payments = useList<Row>(runRows("payments", id)).result.data;
  const nacha = useList<Row>(runRows("nacha_payments", id)).result.data;
  const { mutateAsync } = useCustomMutation();
  const awaitingMe = useApprovals(approvable.type, paymentRunID, { awaitingMe: true }).rows[0];
  const t = (key: string, fallback: string) => translate(`paymentRun.${key}`, fallback);

  if (query.isLoading) return <Spin />;
  if (!data) return <Result status="404" title={t("notFound", "This payment run cannot be shown.")} />;
  const status = String(data.status);
  const number = String(data.number);

  // the run's rows are read again with the run (submitted, approved, processed, excluded from)
  const reload = () => Promise.all([
    invalidate({ resource: runs.name, id, invalidates: ["detail"] }),
    invalidate({ resource: "approvals", invalidates: ["list"] }),
    ...rowResources.map((resource) => invalidate({ resource, invalidates: ["list"] })),
  ]);
  const post = (url: string, values: object, headers?: Record<string, string>) =>
    mutateAsync({ url, method: "post", values, config: { headers }, successNotification: false, errorNotification: false });
  /** One action at a time; a refusal is reported by the HTTP layer (or here for a 422 without base). */
  async function act(name: string, call: () => Promise<unknown>, done?: string) {
    setBusy(name);
    try {
      await call();
      if (done) notify("success", { title: translate(`paymentRun.done.${name}`, done) });
      await reload();
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[]> }).errors;
      if (errors && !errors.base) notify("error", { title: t("failed", "The action failed."), message: Object.entries(errors).map(([f, m]) => `${f}: ${m.join(", ")}`).join("; ") });
    } finally {
      setBusy(undefined);
    }
  }

  // data spec 4: rows can be excluded by an approver, only while a current approval exists
  const excluding = status === "PENDING" && awaitingMe !== undefined;
  const exclude = (body: { payment_ids?: number[]; item_ids?: number[] }) =>
    void act("exclude", () => post(`/api/payment_runs/${id}/exclude`, body), "Excluded from the payment run");

  const actions = (
    <Space wrap>
      <SubmitButton resourceName={runs.name} declaring={runs.name} approvable={approvable} record={data} />
      {status === "APPROVED" && can(user, runKeys) ? (
        <Button type="primary" loading={busy === "process"} onClick={() => void act("process",
          () => post(`/api/payment_runs/${id}/process`, {}, { "Idempotency-Key": crypto.randomUUID() }), "Payment run processed")}>
          {t("process", "Process")}
        </Button>
      ) : null}
      {nacha.length ? (
        <Button icon={<DownloadOutlined />} loading={busy === "download"} onClick={() => void act("download",
          async () => {
            for (const file of nacha) {
              await downloadFile(`/api/nacha_payments/${String(file.id)}/file`, String(file.file_name ?? `${String(file.number)}.txt`));
              // the GET changes nothing: who pays records that the file went to the bank (NEW → DOWNLOAD)
              if (file.status === "NEW" && can(user, runKeys)) await post(`/api/nacha_payments/${String(file.id)}/downloaded`, {});
            }
          })}>
          {nacha.length > 1 ? t("downloadNachaFiles", "Download NACHA files") : t("downloadNachaFile", "Download NACHA file")}
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
      {awaitingMe ? <ApprovalBar type={approvable.type} resourceName={runs.name} record={data} number={number} /> : null}
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} items={[
        { key: "payment_date", label: field("payment_date"), children: format.render(runs, column("payment_date"), data) },
        { key: "total_amount", label: field("total_amount"), children: format.render(runs, column("total_amount"), data) },
        { key: "total_vendor_count", label: field("total_vendor_count"), children: format.render(runs, column("total_vendor_count"), data) },
        { key: "submitted_at", label: field("submitted_at"), children: format.render(runs, column("submitted_at"), data) || "—" },
        { key: "description", label: field("description"), children: String(data.description ?? "") || "—" },
        { key: "files", label: t("nachaFiles", "NACHA files"), children: nacha.length
          ? <Space wrap>{nacha.map((f) => <Tag key={String(f.id)}>{String(f.file_name ?? f.number)}</Tag>)}</Space> : "—" },
      ]} />
      {excluding ? <Alert type="info" showIcon message={t("excludeHint", "As the approver of this step you may exclude DEBIT payments or invoices before approving.")} /> : null}
      <Card size="small" title={field("payment_run_batches")}>
        <BatchesTable rows={(data.payment_run_batches as Row[] | undefined) ?? []} />
      </Card>
      <Card size="small" title={field("payment_run_items")}>
        <ItemsTable rows={items} onExclude={excluding ? (itemId) => exclude({ item_ids: [itemId] }) : undefined} />
      </Card>
      <Card size="small" title={field("payments")}>
        <PaymentsTable rows={payments} items={items} onExclude={excluding ? (paymentId) => exclude({ payment_ids: [paymentId] }) : undefined} />
      </Card>
      <ApprovalTimeline type={approvable.type} id={data.id} />
    </Flex>
  );
}
