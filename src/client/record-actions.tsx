/**
 * A record's declared record actions (ResourceDef.recordActions) as buttons of its show page:
 * POST an operation (confirmed, or with the input its JSON Schema asks for: one text field as a small
 * input, anything else as a generated form), download a file, or view what an endpoint answers as
 * fields in a dialog. Offered by permission, module and `when`; the server decides again and its
 * refusal (409/422) is shown with its own message.
 */
import { useState } from "react";
import { useTranslation } from "@refinedev/core";
import { App, Button, Descriptions, Input, Modal, Space } from "antd";
import Form from "@rjsf/antd";
import type { RJSFSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import type { HttpError } from "@refinedev/core";
import { useNavigate } from "react-router";
import { matches } from "../framework/conditions.js";
import { can, moduleEnabled } from "../framework/permissions.js";
import type { RecordAction, ResourceDef } from "../framework/resource.js";
import { customFormats } from "../framework/schema.js";
import { fieldKey } from "./i18n/keys.js";
import { download } from "./grid/export.js";
import { apiUrl, http } from "./http.js";
import { notify } from "./notify.js";
import { useConfirm } from "./confirm.js";
import { useFormat, type Row } from "./format.js";
import { pathFor } from "./registry.js";
import { useUser } from "./user.js";

interface Props {
  resource: ResourceDef;
  record: Row;
  /** after a POST that answers with this same record */
  onChanged: () => void;
}

const validator = customizeValidator({ customFormats: { ...customFormats } });

/** The properties of an action's input schema that the user fills in (the button's fixed `body` values are not asked). */
const askedFields = (action: RecordAction) =>
  Object.keys((action.input as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).filter((field) => !(field in (action.body ?? {})));

const askable = (action: RecordAction) => askedFields(action).length > 0;

/** The one text field of a trivial input (e.g. a return code), shown as a small input instead of a form. */
function textField(action: RecordAction): string | undefined {
  const fields = askedFields(action);
  const properties = (action.input as { properties: Record<string, { type?: unknown }> }).properties;
  const first = fields.length ? properties[fields[0]] : undefined;
  const text = first && ([] as unknown[]).concat(first.type).includes("string") && !("items" in first) && !("enum" in first);
  return text && (fields.length === 1 || fields.slice(1).every((f) => ([] as unknown[]).concat(properties[f].type).includes("null"))) ? fields[0] : undefined;
}

const fileNameOf = (disposition: unknown, fallback: string) => /filename="([^"]+)"/.exec(String(disposition ?? ""))?.[1] ?? fallback;

export function RecordActions({ resource, record, onChanged }: Props) {
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { modal } = App.useApp();
  const { translate } = useTranslation();
  const format = useFormat();
  const [viewed, setViewed] = useState<{ title: string; data: Row } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ action: RecordAction; resolve: (input: Row | undefined) => void } | null>(null);
  /** The asked part of an input schema, its fields titled in the user's language. */
  const titled = (action: RecordAction): RJSFSchema => {
    const schema = action.input as RJSFSchema;
    const asked = askedFields(action);
    return { ...schema, required: schema.required?.filter((f) => asked.includes(f)), properties: Object.fromEntries(asked.map((f) => [f, { ...(schema.properties![f] as object), title: translate(fieldKey(resource.name, f), f) }])) };
  };
  const answer = (input: Row | undefined) => {
    asking?.resolve(input);
    setAsking(null);
  };
  const url = (action: RecordAction) => `${apiUrl}/${resource.name}/${String(record.id)}/${action.name}`;

  const failed = (error: unknown) => {
    const errors = (error as HttpError).errors as Record<string, string[]> | undefined;
    notify("error", { title: translate("notices.actionFailed", "The action could not be done"), message: Object.values(errors ?? {}).flat().join(", ") || undefined });
  };

  /** The one text field the action asks for, in a small dialog; undefined when cancelled. */
  const ask = (action: RecordAction, field: string) => new Promise<Row | undefined>((resolve) => {
    let value = "";
    const label = translate(fieldKey(resource.name, field), field);
    modal.confirm({
      title: translate(action.label, action.label),
      content: <Input aria-label={label} placeholder={label} onChange={(e) => (value = e.target.value)} />,
      okText: translate("actions.ok", "OK"),
      cancelText: translate("actions.cancel", "Cancel"),
      onOk: () => resolve({ [field]: value }),
      onCancel: () => resolve(undefined),
    });
  });

  /** What the user gives for the action's input schema (none: nothing to ask); undefined when cancelled. */
  const inputFor = (action: RecordAction): Promise<Row | undefined> => {
    const field = textField(action);
    if (field) return ask(action, field);
    if (!askable(action)) return Promise.resolve({});
    return new Promise((resolve) => setAsking({ action, resolve }));
  };

  async function perform(action: RecordAction) {
    const body: Row = { ...(action.body ?? {}) };
    if (askable(action)) {
      const input = await inputFor(action);
      if (input === undefined) return;
      Object.assign(body, input);
    } else if (action.confirm && !(await confirm(translate(action.confirm, record, action.confirm)))) return;
    setBusy(action.label);
    try {
      if (action.kind === "post") {
        // one key per intent (this click): a retried request is answered once (docs/api.md "Idempotency")
        const { data } = await http.post<Row>(url(action), body, { silent: true, headers: { "Idempotency-Key": crypto.randomUUID() } });
        notify("success", { title: translate("notices.actionDone", "Done") });
        if (data.id !== record.id && resource.routes.show) navigate(pathFor(resource.routes.show, data.id as number, data));
        else onChanged();
      } else if (action.kind === "download") {
        const response = await http.get<Blob>(url(action), { responseType: "blob", silent: true });
        download(response.data, fileNameOf(response.headers["content-disposition"], action.name));
      } else {
        const { data } = await http.get<Row>(url(action), { silent: true });
        setViewed({ title: translate(action.label, action.label), data });
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const offered = (resource.recordActions ?? []).filter((a) => moduleEnabled(user, resource) && can(user, a.permission) && matches(a.when, record));
  if (!offered.length) return null;
  return (
    <Space wrap size="small">
      {offered.map((action) => (
        <Button key={action.label} danger={action.danger} loading={busy === action.label} onClick={() => void perform(action)}>
          {translate(action.label, action.label)}
        </Button>
      ))}
      <Modal open={asking !== null} title={asking && translate(asking.action.label, asking.action.label)} footer={null} onCancel={() => answer(undefined)} destroyOnHidden>
        {asking && (
          <Form schema={titled(asking.action)} validator={validator} onSubmit={({ formData }) => answer({ ...(formData as Row) })}>
            <Button type="primary" htmlType="submit">{translate("actions.ok", "OK")}</Button>
          </Form>
        )}
      </Modal>
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
