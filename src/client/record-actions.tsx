/**
 * A record's declared record actions (ResourceDef.recordActions) as buttons of its show page:
 * POST an operation (confirmed, or with the input its JSON Schema asks for: one text field as a small
 * input, anything else as a generated form), download a file, or view what an endpoint answers as
 * fields in a dialog. Offered by permission, module and `when`; the server decides again and its
 * refusal (409/422) is shown with its own message.
 */
import { useState } from "react";
import { useCustomMutation, useDataProvider, useTranslation } from "@refinedev/core";
import { Button, Descriptions, Modal, Space } from "antd";
import type { HttpError } from "@refinedev/core";
import { useNavigate } from "react-router";
import { matches } from "../framework/conditions.js";
import { can, moduleEnabled } from "../framework/permissions.js";
import type { RecordAction, ResourceDef } from "../framework/resource.js";
import { fieldKey } from "./i18n/keys.js";
import { download } from "./grid/export.js";
import { apiUrl, http } from "./http.js";
import { notify } from "./notify.js";
import { useActionInput } from "./actions/action-input.js";
import { useFormat, type Row } from "./format.js";
import { pathFor } from "./registry.js";
import { useUser } from "./user.js";

interface Props {
  resource: ResourceDef;
  record: Row;
  /** after a POST that answers with this same record */
  onChanged: () => void;
  /** only these actions (by name), e.g. the one a notice offers */
  only?: readonly string[];
  /** all but these (by name), e.g. those a notice on the page offers */
  omit?: readonly string[];
}

const fileNameOf = (disposition: unknown, fallback: string) => /filename="([^"]+)"/.exec(String(disposition ?? ""))?.[1] ?? fallback;

export function RecordActions({ resource, record, onChanged, only, omit = [] }: Props) {
  const user = useUser();
  const navigate = useNavigate();
  const { translate } = useTranslation();
  const format = useFormat();
  const [viewed, setViewed] = useState<{ title: string; data: Row } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const input = useActionInput(resource);
  const { mutateAsync } = useCustomMutation<Row>();
  const dataProvider = useDataProvider();
  const url = (action: RecordAction) => `${apiUrl}/${resource.name}/${String(record.id)}/${action.name}`;

  const failed = (error: unknown) => {
    const errors = (error as HttpError).errors as Record<string, string[]> | undefined;
    notify("error", { title: translate("notices.actionFailed", "The action could not be done"), message: Object.values(errors ?? {}).flat().join(", ") || undefined });
  };

  async function perform(action: RecordAction) {
    const body = action.kind === "post" ? await input.ask(action, record) : {};
    if (body === undefined) return;
    setBusy(action.label);
    try {
      if (action.kind === "post") {
        // one Idempotency-Key per intent (this click, http.ts): a retried request is answered once (docs/api.md "Idempotency")
        const { data } = await mutateAsync({ url: url(action), method: "post", values: body, meta: { silent: true }, errorNotification: false });
        notify("success", { title: translate("notices.actionDone", "Done") });
        if (data.id !== record.id && resource.routes.show) navigate(pathFor(resource.routes.show, data.id as number, data));
        else onChanged();
      } else if (action.kind === "download") {
        // a file stream: the HTTP client itself (docs/client.md)
        const response = await http.get<Blob>(url(action), { responseType: "blob", silent: true });
        download(response.data, fileNameOf(response.headers["content-disposition"], action.name));
      } else {
        const { data } = await dataProvider().custom!<Row>({ url: url(action), method: "get", meta: { silent: true } });
        setViewed({ title: translate(action.label, action.label), data });
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const offered = (resource.recordActions ?? []).filter((a) => (!only || only.includes(a.name)) && !omit.includes(a.name)
    && moduleEnabled(user, resource) && can(user, a.permission) && matches(a.when, record));
  if (!offered.length) return null;
  return (
    <Space wrap size="small">
      {offered.map((action) => (
        <Button key={action.label} danger={action.danger} loading={busy === action.label} onClick={() => void perform(action)}>
          {translate(action.label, action.label)}
        </Button>
      ))}
      {input.dialog}
      <Modal open={viewed !== null} title={viewed?.title} footer={null} onCancel={() => setViewed(null)} width={640}>
        {viewed && (
          <Descriptions bordered size="small" column={1} items={Object.entries(viewed.data).map(([key, value]) => ({
            key, label: translate(fieldKey(resource.name, key), key),
            children: <span style={{ whiteSpace: "pre-wrap" }}>
              {value !== null && typeof value === "object" ? Object.values(value as Row).filter(Boolean).join(", ") : format.format(resource, key, value, viewed.data)}
            </span>,
          }))} />
        )}
      </Modal>
    </Space>
  );
}
