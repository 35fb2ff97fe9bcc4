/**
 * The bulk actions a list offers for its ticked rows: every post action its resource declares `bulk`
 * that the user may run (keys and module). It asks the action's input (or confirmation) once, posts
 * `POST /api/{resource}/bulk/{action}` with the rows' ids, and shows the outcome per row (the server
 * runs each in its own transaction: a refusal, with its reason, does not undo the others).
 */
import { useState } from "react";
import { useCustomMutation, useTranslation } from "@refinedev/core";
import { Button } from "antd";
import { Text } from "../text.js";
import { can, moduleEnabled } from "../../framework/permissions.js";
import { recordName } from "../registry.js";
import type { RecordAction, ResourceDef } from "../../framework/resource.js";
import type { Row } from "../format.js";
import { serverMessage } from "../approvals/approvables.js";
import { modal } from "../dialogs.js";
import { notify } from "../notify.js";
import { useUser } from "../user.js";
import { useActionInput } from "./action-input.js";

interface Outcome { id: number; status: number; message?: string }

export function BulkActions({ resource, selected, done }: { resource: ResourceDef; selected: Row[]; done: () => void }) {
  const user = useUser();
  const { translate } = useTranslation();
  const input = useActionInput(resource);
  const [busy, setBusy] = useState<string | null>(null);
  const { mutateAsync } = useCustomMutation<Outcome[]>();
  const offered = (resource.recordActions ?? []).filter((a) => a.bulk && a.kind === "post" && moduleEnabled(user, resource) && can(user, a.permission));
  if (!offered.length) return null;

  async function run(action: RecordAction) {
    const body = await input.ask(action);
    if (body === undefined) return;
    setBusy(action.label);
    try {
      const { data } = await mutateAsync({ url: `/api/${resource.name}/bulk/${action.name}`, method: "post", values: { ...body, ids: selected.map((row) => row.id) }, meta: { silent: true }, errorNotification: false });
      const names = new Map(selected.map((row) => [row.id, recordName(resource, row)]));
      const refused = data.filter((r) => r.status !== 200);
      modal.info({
        title: translate("grid.bulkSummary", { done: data.length - refused.length, refused: refused.length }, `Done: ${data.length - refused.length}. Refused: ${refused.length}.`),
        content: refused.length ? <ul style={{ paddingLeft: 16 }}>{refused.map((r) => <li key={r.id}><Text strong>{names.get(r.id)}</Text>: {r.message}</li>)}</ul> : null,
        okText: translate("actions.ok", "OK"),
      });
      done();
    } catch (error) {
      notify("error", { title: translate("notices.actionFailed", "The action could not be done"), message: serverMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {offered.map((action) => (
        <Button key={action.label} danger={action.danger} disabled={!selected.length} loading={busy === action.label} onClick={() => void run(action)}>
          {translate(action.label, action.label)}
        </Button>
      ))}
      {input.dialog}
    </>
  );
}
