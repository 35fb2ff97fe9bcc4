/**
 * The second step: the file's columns and the field each fills (matched by header; the user may
 * change it, POST /api/imports/{id}/preview checks the rows again), the rows the resource's rules
 * refuse (row of the file, field, message), and Apply (POST /api/imports/{id}/apply), confirmed.
 */
import { useState } from "react";
import { useCustomMutation, useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Select, Table } from "antd";
import { useResources } from "../../../declarations.js";
import { importableFields } from "../../../../framework/imports.js";
import type { ImportRecord, RowError, T } from "./types.js";

type Failure = { errors?: Record<string, string[]>; message?: string };

/** The mapping with `header` filling `field` (none: not imported). */
function remapped(mapping: Readonly<Record<string, string>>, header: string, field?: string): Record<string, string> {
  const next = { ...mapping };
  if (field) next[header] = field;
  else delete next[header];
  return next;
}

export function ImportPreview({ t, record, onChanged }: { t: T; record: ImportRecord; onChanged(record: ImportRecord): void }) {
  const { translate } = useTranslation();
  const [resource] = useResources([record.resource_name]);
  const label = (field: string) => (field === "base" ? "—" : translate(`${resource.name}.fields.${field}`, field));
  const [mapping, setMapping] = useState(record.mapping);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCustomMutation<ImportRecord>();
  const changed = JSON.stringify(mapping) !== JSON.stringify(record.mapping);
  const fields = importableFields(resource, record.kind).map((field) => ({ value: field, label: label(field) }));

  const post = async (action: "preview" | "apply", body?: object) => {
    setBusy(true);
    setFailure(undefined);
    try {
      onChanged((await mutateAsync({ url: `/api/imports/${record.id}/${action}`, method: "post", values: body ?? {}, meta: { silent: true }, errorNotification: false })).data);
    } catch (error) {
      const { errors, message } = error as Failure;
      setFailure(errors ? Object.values(errors).flat().join("; ") : message);
    } finally {
      setBusy(false);
    }
  };
  const good = record.total_rows - record.error_rows;

  return (
    <Flex vertical gap="middle">
      <Card size="small" title={t("mapping", "Columns")}>
        <Table rowKey="header" size="small" pagination={false} scroll={{ x: "max-content" }}
          dataSource={record.headers.map((header) => ({ header }))}
          columns={[
            { title: t("column", "Column of the file"), dataIndex: "header" },
            {
              title: t("field", "Imported into"),
              render: (_: unknown, { header }: { header: string }) => (
                <Select style={{ minWidth: 200 }} allowClear placeholder={t("notImported", "Not imported")} value={mapping[header]} options={fields} aria-label={header}
                  onChange={(field?: string) => setMapping(remapped(mapping, header, field))} />
              ),
            },
          ]} />
        {changed ? <Button style={{ marginTop: 12 }} loading={busy} onClick={() => void post("preview", { mapping })}>{t("previewAgain", "Check the rows again")}</Button> : null}
      </Card>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      <Card size="small" title={t("rows", "Rows")}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={[
          { key: "resource", label: translate("imports.fields.resource_name", "Resource"), children: `${translate(`${resource.name}.titles.list`, resource.name)} (${translate(`imports.values.kind.${record.kind}`, record.kind)})` },
          { key: "file", label: translate("imports.fields.file_name", "File Name"), children: record.file_name },
          { key: "total", label: translate("imports.fields.total_rows", "Total Rows"), children: record.total_rows },
          { key: "errors", label: translate("imports.fields.error_rows", "Rows with Errors"), children: record.error_rows },
        ]} />
        {record.errors.length ? (
          <Table<RowError> rowKey={(e) => `${e.row}:${e.field}:${e.message}`} size="small" scroll={{ x: "max-content" }} pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={record.errors} data-testid="import-errors"
            columns={[
              { title: translate("imports.fields.errors_row", "Row"), dataIndex: "row", width: 80 },
              { title: translate("imports.fields.errors_field", "Field"), dataIndex: "field", render: label },
              { title: translate("imports.fields.errors_message", "Message"), dataIndex: "message" },
            ]} />
        ) : <Alert type="success" showIcon message={t("noErrors", "Every row can be imported.")} />}
      </Card>
      <Flex gap="small" wrap>
        <Popconfirm title={t(`confirm.${record.kind}`, "Apply the import?", { count: good, resource: translate(`${resource.name}.titles.list`, resource.name) })}
          okButtonProps={{ danger: record.kind === "delete" }} onConfirm={() => void post("apply")} disabled={good === 0 || changed}>
          <Button type="primary" danger={record.kind === "delete"} disabled={good === 0 || changed} loading={busy}>
            {t("apply", "Apply to {{count}} rows", { count: good })}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
