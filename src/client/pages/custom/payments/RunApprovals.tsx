/**
 * A payment run's approvals: the timeline (step, approver, state, when, comment) and, for the
 * approver of the current step, Approve (with the spec's confirmation) and Reject (with a comment)
 * through POST /api/approvals/{id}/approve|reject.
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { Button, Input, Modal, Space, Tag, Timeline, Typography } from "antd";
import { formatDateTime } from "../../../../framework/dates.js";
import { resourceByName } from "../../../../../resources/index.js";
import { useConfirm } from "../../../confirm.js";
import type { Row } from "../../../format.js";
import { http } from "../../../http.js";
import { statusKey } from "../../../i18n/keys.js";
import { useUser } from "../../../user.js";

const approvals = resourceByName.get("approvals")!;

export interface Approval extends Row {
  id: number;
  step: number;
  contact_id: number | null;
  aasm_state: string;
  acted_at: string | null;
  comment: string | null;
  contact?: { first_name?: string; last_name?: string } | null;
}

const open = (a: Approval) => a.aasm_state !== "approved" && a.aasm_state !== "rejected";

/** The user's approval of the current (lowest open) step, if any: who may approve, reject or exclude now. */
export function currentApprovalOf(rows: readonly Approval[], contactId: number): Approval | undefined {
  const pending = rows.filter(open);
  const step = Math.min(...pending.map((a) => a.step));
  return pending.find((a) => a.step === step && a.contact_id === contactId);
}

interface Props {
  rows: Approval[];
  runNumber: string;
  onActed: () => void;
}

export function RunApprovals({ rows, runNumber, onActed }: Props) {
  const user = useUser();
  const { translate } = useTranslation();
  const confirm = useConfirm();
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const mine = currentApprovalOf(rows, user.contact.id);
  const colorOf = (state: string) => approvals.statuses?.values.find((s) => s.code === state)?.color;

  async function approve(approval: Approval) {
    if (!(await confirm(translate("paymentRun.confirmApprove", { number: runNumber }, `Are you sure you want to Approve (${runNumber})?`)))) return;
    await http.post(`/api/approvals/${approval.id}/approve`, {}).then(onActed, () => undefined);
  }

  async function reject(approval: Approval) {
    await http.post(`/api/approvals/${approval.id}/reject`, { comment }).then(() => {
      setRejecting(false);
      setComment("");
      onActed();
    }, () => undefined);
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {mine ? (
        <Space>
          <Button type="primary" onClick={() => void approve(mine)}>{translate("paymentRun.approve", "Approve")}</Button>
          <Button danger onClick={() => setRejecting(true)}>{translate("paymentRun.reject", "Reject")}</Button>
        </Space>
      ) : null}
      {rows.length ? (
        <Timeline items={[...rows].sort((a, b) => a.step - b.step || a.id - b.id).map((a) => ({
          key: a.id,
          color: a.aasm_state === "approved" ? "green" : a.aasm_state === "rejected" ? "red" : "blue",
          children: (
            <Space wrap>
              <Typography.Text>{translate("paymentRun.step", { step: a.step }, `Step ${a.step}`)}</Typography.Text>
              <Typography.Text strong>{[a.contact?.first_name, a.contact?.last_name].filter(Boolean).join(" ") || "—"}</Typography.Text>
              <Tag color={colorOf(a.aasm_state)}>{translate(statusKey(approvals.name, a.aasm_state), a.aasm_state)}</Tag>
              {a.acted_at ? <Typography.Text type="secondary">{formatDateTime(a.acted_at, user.company.company_date_format)}</Typography.Text> : null}
              {a.comment ? <Typography.Text italic>{a.comment}</Typography.Text> : null}
            </Space>
          ),
        }))} />
      ) : <Typography.Text type="secondary">{translate("paymentRun.noApprovals", "Not submitted for approval yet.")}</Typography.Text>}
      <Modal open={rejecting} title={translate("paymentRun.reject", "Reject")} okText={translate("paymentRun.reject", "Reject")} okButtonProps={{ danger: true, disabled: !comment.trim() }}
        cancelText={translate("actions.cancel", "Cancel")} onCancel={() => setRejecting(false)} onOk={() => mine && void reject(mine)}>
        <Input.TextArea aria-label={translate("paymentRun.comment", "Comment")} placeholder={translate("paymentRun.comment", "Comment")} rows={3}
          value={comment} onChange={(e) => setComment(e.target.value)} />
      </Modal>
    </Space>
  );
}
