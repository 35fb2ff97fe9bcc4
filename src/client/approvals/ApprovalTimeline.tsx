/**
 * A record's approval chain, step by step: state, approver (contact or team), who acted and on
 * whose behalf, when, and the comment. The auto-approval (no workflow step applied) reads as such.
 */
import { useTranslation } from "@refinedev/core";
import { Card, Space, Spin, Tag, Timeline, Typography } from "antd";
import { useResources } from "../declarations.js";
import { useFormat, type Row } from "../format.js";
import { useApprovals } from "./useApprovals.js";

const colors: Record<string, string> = { pending: "gold", approved: "green", rejected: "red" };

const nameOf = (contact: unknown) => {
  const c = contact as Row | null | undefined;
  return c ? [c.first_name, c.last_name].filter(Boolean).join(" ") : "";
};

/** no approver and no actor: recorded by the engine itself (auto-approval, or a chain closed by a rejection) */
const bySystem = (row: Row) => row.contact_id == null && row.team_id == null && row.acted_by_contact_id == null;

export function ApprovalTimeline({ type, id }: { type: string; id: unknown }) {
  const { translate } = useTranslation();
  const format = useFormat();
  const { rows, loading } = useApprovals(type, id);
  const [approvals] = useResources(["approvals"]);

  const entry = (row: Row) => {
    const state = String(row.aasm_state);
    const team = (row.team as Row | null | undefined)?.name;
    const approver = nameOf(row.contact) || (team ? String(team) : "");
    const auto = bySystem(row) && state === "approved";
    return {
      key: String(row.id),
      color: colors[state] ?? "gray",
      children: (
        <Space direction="vertical" size={0} data-testid={`approval-${String(row.id)}`}>
          <Space wrap size="small">
            <Typography.Text strong>{translate("approval.step", { step: row.step }, `Step ${String(row.step)}`)}</Typography.Text>
            <Tag color={colors[state]}>{translate(`approvals.statuses.${state}`, state)}</Tag>
            {auto ? <Typography.Text>{translate("approval.autoApproved", "Auto-approved: no workflow step applies")}</Typography.Text> : null}
            {approver ? <Typography.Text>{translate("approval.approver", { name: approver }, `Approver: ${approver}`)}</Typography.Text> : null}
            {team && nameOf(row.contact) ? <Typography.Text type="secondary">({String(team)})</Typography.Text> : null}
            {row.is_claimed ? <Tag>{translate("approval.claimed", "Claimed")}</Tag> : null}
          </Space>
          {row.acted_by ? (
            <Typography.Text>
              {translate(`approval.actedBy.${state}`, { name: nameOf(row.acted_by) }, `${state} by ${nameOf(row.acted_by)}`)}
              {row.on_behalf_of ? ` ${translate("approval.onBehalfOf", { name: nameOf(row.on_behalf_of) }, `on behalf of ${nameOf(row.on_behalf_of)}`)}` : ""}
              {row.acted_at ? ` · ${format.format(approvals, "acted_at", row.acted_at, row)}` : ""}
            </Typography.Text>
          ) : row.acted_at ? <Typography.Text type="secondary">{format.format(approvals, "acted_at", row.acted_at, row)}</Typography.Text> : null}
          {row.comment && !auto ? <Typography.Text type="secondary" italic>“{String(row.comment)}”</Typography.Text> : null}
        </Space>
      ),
    };
  };

  return (
    <Card size="small" title={translate("approval.timeline", "Approvals")}>
      {loading ? <Spin /> : rows.length ? <Timeline items={rows.map(entry)} /> : (
        <Typography.Text type="secondary">{translate("approval.notSubmitted", "Not submitted for approval yet.")}</Typography.Text>
      )}
    </Card>
  );
}
