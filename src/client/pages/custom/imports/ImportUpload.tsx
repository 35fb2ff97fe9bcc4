/**
 * The first step of an import: its kind, the resource (only those the user may write that way; the
 * server checks again), a template of the resource's columns to fill in, and the CSV, read in the
 * browser and sent with the import (POST /api/imports), which answers with its preview.
 */
import { useMemo, useState } from "react";
import { useCustomMutation, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Form, Select, Upload } from "antd";
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { loadResources, outlines } from "../../../declarations.js";
import { toCsv } from "../../../../framework/csv.js";
import { importActions, importableFields, importKinds } from "../../../../framework/imports.js";
import { canAct } from "../../../../framework/permissions.js";
import { saveBlob } from "../../../download.js";
import { useUser } from "../../../user.js";
import type { ImportRecord, T } from "./types.js";

type Failure = { errors?: Record<string, string[]>; message?: string };

export function ImportUpload({ t, kind: initialKind, onCreated }: { t: T; kind: string; onCreated(record: ImportRecord): void }) {
  const user = useUser();
  const { translate } = useTranslation();
  const [kind, setKind] = useState(importKinds.includes(initialKind as never) ? initialKind : "create");
  const [resourceName, setResourceName] = useState<string>();
  const [file, setFile] = useState<{ name: string; content: string }>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const { mutateAsync } = useCustomMutation<ImportRecord>();
  // resources of their own table (not a view of another's) that the user may write this way
  const targets = useMemo(() => outlines.filter((r) => r.name !== "imports" && !r.table && r.permissions[importActions[kind]] && canAct(user, r, importActions[kind]))
    .map((r) => ({ value: r.name, label: translate(`${r.name}.titles.list`, r.name) }))
    .sort((a, b) => a.label.localeCompare(b.label)), [kind, user, translate]);
  // the template's columns are the declaration's: fetched when asked for
  const template = async () => {
    if (!resourceName) return;
    const [resource] = await loadResources([resourceName]);
    const labels = importableFields(resource, kind).map((field) => translate(`${resource.name}.fields.${field}`, field));
    saveBlob(new Blob([toCsv(labels, [])], { type: "text/csv" }), `${resource.name}-template.csv`);
  };

  const send = async () => {
    if (!resourceName || !file) return;
    setSending(true);
    setFailure(undefined);
    try {
      const { data } = await mutateAsync({ url: "/api/imports", method: "post", values: { kind, resource_name: resourceName, file_name: file.name, content: file.content }, meta: { silent: true }, errorNotification: false });
      onCreated(data);
    } catch (error) {
      const { errors, message } = error as Failure;
      setFailure(errors ? Object.entries(errors).map(([field, messages]) => `${translate(`imports.fields.${field}`, field)}: ${messages.join(", ")}`).join("; ") : message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label={translate("imports.fields.kind", "Kind")}>
          <Select value={kind} onChange={(value) => { setKind(value); setResourceName(undefined); }}
            options={importKinds.map((k) => ({ value: k, label: translate(`imports.values.kind.${k}`, k) }))} />
        </Form.Item>
        <Form.Item label={translate("imports.fields.resource_name", "Resource")}>
          <Select showSearch optionFilterProp="label" value={resourceName} onChange={setResourceName} options={targets} placeholder={t("chooseResource", "Choose what to import")} aria-label={translate("imports.fields.resource_name", "Resource")} />
        </Form.Item>
        <Form.Item>
          <Button icon={<DownloadOutlined />} disabled={!resourceName} onClick={() => void template()}>{t("template", "Download a template")}</Button>
        </Form.Item>
        <Form.Item label={translate("imports.fields.content", "File")}>
          <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false}
            beforeUpload={(chosen) => {
              void chosen.text().then((content) => setFile({ name: chosen.name, content }));
              return false;
            }}>
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{file ? file.name : t("drop", "Drop a CSV file here or click to choose one")}</p>
          </Upload.Dragger>
        </Form.Item>
        {failure ? <Alert type="error" showIcon message={t("refused", "The file cannot be imported")} description={failure} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" disabled={!resourceName || !file} loading={sending} onClick={() => void send()}>{t("preview", "Preview")}</Button>
      </Form>
    </Card>
  );
}
