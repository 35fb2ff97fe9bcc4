/**
 * A resource's portal actions (docs/portal.md "Writes") as buttons: a record's while its `when` holds,
 * or, on the list, the `collection` ones (add a contact). What an action asks for comes from its input
 * schema through the staff app's action input (a small input or a generated form); actions taking a
 * file have pages of their own. One Idempotency-Key per click; the server decides again, and its
 * refusal is shown in its own words.
 */
import { useState } from "react";
import { useCustomMutation, useTranslation, type HttpError } from "@refinedev/core";
import { Button } from "antd";
import { matches } from "../../framework/conditions.js";
import { portalActionPath, type PortalAction, type RecordAction, type ResourceDef } from "../../framework/resource.js";
import { useActionInput } from "../actions/action-input.js";
import type { Row } from "../format.js";
import { notify } from "../notify.js";

/** A portal action in the shape the action input reads: a POST whose keys the portal user holds by being the vendor. */
const asRecordAction = (action: PortalAction): RecordAction => ({ name: action.name, kind: "post", label: action.label, permission: [], input: action.input, when: action.when });

export function PortalActionButtons({ resource, record, onDone }: { resource: ResourceDef; record?: Row; onDone: () => void }) {
  const { translate } = useTranslation();
  const input = useActionInput(resource);
  const [busy, setBusy] = useState<string | null>(null);
  const { mutateAsync } = useCustomMutation();
  const offered = (resource.portal?.recordActions ?? []).filter((a) => !a.file && (record ? !a.collection && matches(a.when, record) : a.collection));

  async function perform(action: PortalAction) {
    const body = await input.ask(asRecordAction(action), record);
    if (body === undefined) return;
    setBusy(action.name);
    try {
      const path = portalActionPath(resource.name, action).replace(":id", String(record?.id));
      // a fresh Idempotency-Key per click (http.ts)
      await mutateAsync({ url: path, method: "post", values: body, meta: { silent: true }, errorNotification: false });
      notify("success", { title: translate("notices.actionDone", "Done") });
      onDone();
    } catch (error) {
      const errors = (error as HttpError).errors as Record<string, string[]> | undefined;
      notify("error", { title: translate("notices.actionFailed", "The action could not be done"), message: Object.values(errors ?? {}).flat().join(", ") || undefined });
    } finally {
      setBusy(null);
    }
  }

  if (!offered.length) return null;
  return (
    <>
      {offered.map((action) => (
        <Button key={action.name} type="primary" loading={busy === action.name} onClick={() => void perform(action)}>{translate(action.label, action.name)}</Button>
      ))}
      {input.dialog}
    </>
  );
}
