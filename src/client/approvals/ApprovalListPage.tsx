/**
 * An approval list (a view of the approvals table): what awaits the user (`awaiting=me`) by default,
 * all the view's approvals on a switch; selected rows approved at once (bulk approve) with a
 * summary of what was approved and what was refused, and why. Rows open the record's approval screen.
 */
import { useMemo, useState } from "react";
import { useTranslation, type LogicalFilter } from "@refinedev/core";
import { App, Button, Segmented, Typography } from "antd";
import { CheckOutlined } from "@ant-design/icons";
import type { ResourceDef, RouteView } from "../../framework/resource.js";
import { useConfirm } from "../confirm.js";
import type { Row } from "../format.js";
import ListPage, { type ListExtension } from "../grid/ListPage.js";
import { http } from "../http.js";
import { notify } from "../notify.js";
import { approvalScreenPath, serverMessage } from "./approvables.js";

interface Props {
  resource: ResourceDef;
  view: RouteView;
  permanent: LogicalFilter[];
  initial: LogicalFilter[];
}

interface BulkResult { id: number; status: number; message?: string }

const awaitingMe: LogicalFilter[] = [{ field: "awaiting", operator: "eq", value: "me" }];

const numberOf = (row: Row | undefined) => String((row?.approvable as Row | null | undefined)?.number ?? row?.id ?? "");

function ApproveSelected({ selected, done }: { selected: Row[]; done: () => void }) {
  const { translate } = useTranslation();
  const confirm = useConfirm();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const pending = selected.filter((row) => row.aasm_state === "pending");

  async function approve() {
    if (!(await confirm(translate("approval.confirmBulk", { count: pending.length }, `Are you sure you want to Approve ${pending.length} selected approvals?`)))) return;
    setBusy(true);
    try {
      const { data } = await http.post<BulkResult[]>("/api/approvals/bulk_approve", { ids: pending.map((row) => row.id) }, { silent: true });
      const byId = new Map(pending.map((row) => [row.id, row]));
      const refused = data.filter((r) => r.status !== 200);
      const approved = data.length - refused.length;
      modal.info({
        title: translate("approval.bulkSummary", { approved, refused: refused.length }, `Approved: ${approved}. Refused: ${refused.length}.`),
        content: refused.length ? (
          <ul style={{ paddingLeft: 16 }}>
            {refused.map((r) => <li key={r.id}><Typography.Text strong>{numberOf(byId.get(r.id))}</Typography.Text>: {r.message}</li>)}
          </ul>
        ) : null,
        okText: translate("actions.ok", "OK"),
      });
      done();
    } catch (error) {
      notify("error", { title: translate("approval.failed", "The approval failed"), message: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="primary" icon={<CheckOutlined />} disabled={!pending.length} loading={busy} onClick={() => void approve()}>
      {translate("approval.approveSelected", { count: pending.length }, `Approve selected (${pending.length})`)}
    </Button>
  );
}

export default function ApprovalListPage(props: Props) {
  const { translate } = useTranslation();
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const extension = useMemo<ListExtension>(() => ({
    filters: scope === "mine" ? awaitingMe : [],
    rowLink: (row) => approvalScreenPath(String(row.approvable_type), row.approvable_id),
    toolbar: (selected, done) => (
      <>
        <Segmented value={scope} onChange={(value) => setScope(value as "mine" | "all")} options={[
          { value: "mine", label: translate("approval.awaitingMe", "Awaiting me") },
          { value: "all", label: translate("approval.all", "All") },
        ]} />
        <ApproveSelected selected={selected} done={done} />
      </>
    ),
  }), [scope, translate]);
  return <ListPage {...props} extension={extension} />;
}
