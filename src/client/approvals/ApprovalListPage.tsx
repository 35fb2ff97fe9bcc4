/**
 * An approval list — a view of the approvals table, or a list of approvable records declared
 * `approvalList` (e.g. /po_approvals): what awaits the user (`awaiting=me`) by default, everything
 * on a switch; selected rows approved at once (bulk approve) with a summary of what was approved and
 * what was refused, and why. Rows open the record's approval screen.
 */
import { useMemo, useState } from "react";
import { useCustomMutation, useTranslation, type LogicalFilter } from "@refinedev/core";
import { Button, Segmented, Typography } from "antd";
import { CheckOutlined } from "@ant-design/icons";
import type { ResourceDef, RouteView } from "../../framework/resource.js";
import { useConfirm } from "../confirm.js";
import type { Row } from "../format.js";
import ListPage, { type ListExtension } from "../grid/ListPage.js";
import { dataProvider } from "../providers/data.js";
import { recordName } from "../registry.js";
import { modal } from "../dialogs.js";
import { notify } from "../notify.js";
import { approvableOf, isApprovalsView, recordScreen, serverMessage } from "./approvables.js";

interface Props {
  resource: ResourceDef;
  view: RouteView;
  permanent: LogicalFilter[];
  initial: LogicalFilter[];
}

interface BulkResult { id: number; status: number; message?: string }

const awaitingMe: LogicalFilter[] = [{ field: "awaiting", operator: "eq", value: "me" }];

/** How a list's rows lead to approvals: rows of the approvals table, or approvable records (their type). */
interface RowsOf {
  /** the approval ids of the selected rows that await the user */
  approvalIds(selected: Row[]): Promise<{ id: number; number: string }[]>;
  screen(row: Row): string | undefined;
}

const approvalRows: RowsOf = {
  approvalIds: async (selected) => selected.filter((row) => row.aasm_state === "pending")
    .map((row) => ({ id: row.id as number, number: String((row.approvable as Row | null | undefined)?.number ?? row.id) })),
  screen: (row) => (row.approvable as Row | null | undefined)?.screen as string | undefined,
};

function recordRows(resource: ResourceDef): RowsOf {
  const type = approvableOf(resource)!.approvable.type;
  return {
    async approvalIds(selected) {
      if (!selected.length) return [];
      const { data } = await dataProvider.getList<Row>({
        resource: "approvals",
        filters: [...awaitingMe, { field: "approvable_type", operator: "eq", value: type }, { field: "approvable_id", operator: "in", value: selected.map((row) => row.id) }],
        pagination: { currentPage: 1, pageSize: 200 },
      });
      const titles = new Map(selected.map((row) => [row.id, recordName(resource, row)]));
      return data.map((a) => ({ id: a.id as number, number: titles.get(a.approvable_id) ?? String(a.approvable_id) }));
    },
    screen: (row) => recordScreen(resource, row),
  };
}

function ApproveSelected({ selected, rows, done }: { selected: Row[]; rows: RowsOf; done: () => void }) {
  const { translate } = useTranslation();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCustomMutation<BulkResult[]>();
  const count = rows === approvalRows ? selected.filter((row) => row.aasm_state === "pending").length : selected.length;

  async function approve() {
    if (!(await confirm(translate("approval.confirmBulk", { count }, `Are you sure you want to Approve ${count} selected approvals?`)))) return;
    setBusy(true);
    try {
      const pending = await rows.approvalIds(selected);
      const { data } = await mutateAsync({ url: "/api/approvals/bulk/approve", method: "post", values: { ids: pending.map((row) => row.id) }, meta: { silent: true }, errorNotification: false });
      const byId = new Map(pending.map((row) => [row.id, row.number]));
      const refused = data.filter((r) => r.status !== 200);
      const approved = data.length - refused.length;
      modal.info({
        title: translate("approval.bulkSummary", { approved, refused: refused.length }, `Approved: ${approved}. Refused: ${refused.length}.`),
        content: refused.length ? (
          <ul style={{ paddingLeft: 16 }}>
            {refused.map((r) => <li key={r.id}><Typography.Text strong>{byId.get(r.id)}</Typography.Text>: {r.message}</li>)}
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
    <Button type="primary" icon={<CheckOutlined />} disabled={!count} loading={busy} onClick={() => void approve()}>
      {translate("approval.approveSelected", { count }, `Approve selected (${count})`)}
    </Button>
  );
}

export default function ApprovalListPage(props: Props) {
  const { translate } = useTranslation();
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const rows = useMemo(() => (isApprovalsView(props.resource) ? approvalRows : recordRows(props.resource)), [props.resource]);
  const extension = useMemo<ListExtension>(() => ({
    filters: scope === "mine" ? awaitingMe : [],
    rowLink: rows.screen,
    toolbar: (selected, done) => (
      <>
        <Segmented value={scope} onChange={(value) => setScope(value as "mine" | "all")} options={[
          { value: "mine", label: translate("approval.awaitingMe", "Awaiting me") },
          { value: "all", label: translate("approval.all", "All") },
        ]} />
        <ApproveSelected selected={selected} rows={rows} done={done} />
      </>
    ),
  }), [scope, rows, translate]);
  return <ListPage {...props} extension={extension} />;
}
