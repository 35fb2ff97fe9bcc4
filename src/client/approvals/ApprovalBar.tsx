/**
 * The approval screen's action bar (spec 2.10): the first approval of the record awaiting the user
 * (own, team or delegated), with Approve and Claim behind the spec's confirmation texts and Reject
 * behind a required comment. A record its declared notices hold (an invoice without GL coding, data spec 4;
 * with open matching exceptions) cannot be approved: Approve is disabled, the reason its tooltip.
 * After approving or rejecting, the record's detail screen follows.
 */
import { useState } from "react";
import { useCustomMutation, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Flex, Input, Modal, Space, Tooltip, Typography } from "antd";
import { CheckOutlined, CloseOutlined, UserAddOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useConfirm } from "../confirm.js";
import type { Row } from "../format.js";
import { notify } from "../notify.js";
import { recordPath, serverMessage } from "./approvables.js";
import { useApprovals, useApprovalsChanged } from "./useApprovals.js";
import { useResources } from "../declarations.js";

interface Props {
  type: string;
  resourceName: string;
  record: Row;
  /** the record's number as the confirmation texts name it */
  number: string;
  /** on the approval screen, say so when nothing awaits the user; elsewhere show nothing */
  sayWhenNothing?: boolean;
  /** i18n keys of why the record cannot be approved now (framework/notices.ts approvalHolds) */
  holds?: readonly string[];
}

type Action = "approve" | "reject" | "claim";

export function ApprovalBar({ type, resourceName, record, number, sayWhenNothing = false, holds = [] }: Props) {
  // the texts (and declarations) of the resources it shows
  useResources(["approvals"]);
  const { translate } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const changed = useApprovalsChanged(resourceName, record.id);
  const { rows, loading } = useApprovals(type, record.id, { awaitingMe: true });
  const [busy, setBusy] = useState<Action>();
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const { mutateAsync } = useCustomMutation();
  const approval = rows[0];

  if (loading) return null;
  if (!approval) {
    if (!sayWhenNothing) return null;
    return <Alert type="info" showIcon message={translate("approval.nothingAwaits", "Nothing on this record awaits your approval.")} />;
  }

  const unclaimedTeam = approval.team_id != null && approval.contact_id == null;

  async function act(action: Action, body?: Row): Promise<boolean> {
    setBusy(action);
    try {
      await mutateAsync({ url: `/api/approvals/${String(approval.id)}/${action}`, method: "post", values: body ?? {}, meta: { silent: true }, errorNotification: false });
      notify("success", { title: translate(`approval.done.${action}`, { number }, action) });
      // approved or rejected: the user's part is over, the detail screen follows
      if (action !== "claim") navigate(recordPath(type, record.id) ?? "/");
      await changed();
      return true;
    } catch (error) {
      notify("error", { title: translate("approval.failed", "The approval failed"), message: serverMessage(error) });
      return false;
    } finally {
      setBusy(undefined);
    }
  }

  async function approve() {
    if (await confirm(translate("confirm.approve", { number }, `Are you sure you want to Approve (${number})?`))) await act("approve");
  }

  async function claim() {
    if (await confirm(translate("confirm.claim", { number }, `Are you sure you want to claim (${number})?`))) await act("claim");
  }

  async function reject() {
    if (await act("reject", { comment: comment.trim() })) setRejecting(false);
  }

  const approveButton = (
    <Button type="primary" icon={<CheckOutlined />} disabled={holds.length > 0} loading={busy === "approve"} onClick={() => void approve()}>
      {translate("approval.approve", "Approve")}
    </Button>
  );

  return (
    <Card size="small" style={{ borderColor: "#faad14" }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text strong>
          {translate("approval.awaitsYou", { step: approval.step }, `Step ${String(approval.step)} awaits your approval`)}
        </Typography.Text>
        <Space wrap>
          {holds.length ? <Tooltip title={holds.map((key) => translate(key, key)).join(". ")}><span>{approveButton}</span></Tooltip> : approveButton}
          <Button danger icon={<CloseOutlined />} loading={busy === "reject"} onClick={() => setRejecting(true)}>
            {translate("approval.reject", "Reject")}
          </Button>
          {unclaimedTeam ? (
            <Button icon={<UserAddOutlined />} loading={busy === "claim"} onClick={() => void claim()}>{translate("approval.claim", "Claim")}</Button>
          ) : null}
        </Space>
      </Flex>
      <Modal open={rejecting} title={translate("approval.rejectTitle", { number }, `Reject (${number})`)}
        okText={translate("approval.reject", "Reject")} cancelText={translate("actions.cancel", "Cancel")}
        okButtonProps={{ danger: true, disabled: !comment.trim(), loading: busy === "reject" }}
        onOk={() => void reject()} onCancel={() => setRejecting(false)}>
        <Typography.Paragraph>{translate("approval.rejectComment", "Why is it rejected? A comment is required.")}</Typography.Paragraph>
        <Input.TextArea aria-label={translate("approvals.fields.comment", "Comment")} rows={4} maxLength={2000} value={comment}
          onChange={(event) => setComment(event.target.value)} />
      </Modal>
    </Card>
  );
}
