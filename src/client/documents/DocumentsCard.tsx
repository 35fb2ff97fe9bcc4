/**
 * The documents of a record, on the show page of every resource that declares a hasMany relation to
 * documents (the relation's `where.assetable_type` names the parent type): upload by drag and drop
 * or file picker, download, preview of PDFs and images, and a zip of the ticked (or all) documents.
 * The server checks every file (type by its bytes, size, name); its refusal is shown as it says it.
 */
import { CameraOutlined, InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Flex, Space, Table, Typography, Upload, type UploadProps } from "antd";
import { useState } from "react";
import { useResources } from "../declarations.js";
import { downloadFile, saveBlob } from "../download.js";
import { useFormat, type Row } from "../format.js";
import { http } from "../http.js";
import { useUser } from "../user.js";
import { canPreview } from "./preview.js";
import { usePreviewDialog } from "./PreviewDialog.js";
import { refusal, uploadDocument } from "./upload.js";
import type { ResourceDef } from "../../framework/resource.js";
import { mayUpload, receiptTypes } from "./attach-rights.js";


interface Props {
  /** the resource of the record the documents hang on */
  resource: Pick<ResourceDef, "module" | "permissions">;
  parentType: string;
  /** the record the documents hang on */
  parent: Row;
  title: string;
  rows: Row[];
  onChanged(): void;
}

export function DocumentsCard({ resource, parentType, parent, title, rows, onChanged }: Props) {
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const [documents] = useResources(["documents"]);
  const [refused, setRefused] = useState<string | null>(null);
  const [ticked, setTicked] = useState<React.Key[]>([]);
  const preview = usePreviewDialog();
  const t = (key: string, fallback: string) => translate(`documents.ui.${key}`, fallback);

  const zip = async () => {
    const ids = (ticked.length ? ticked : rows.map((r) => r.id)).map(Number);
    const { data } = await http.post<Blob>("/api/documents/zip", { ids }, { responseType: "blob" });
    saveBlob(data, "documents.zip");
  };

  const uploadProps: UploadProps = {
    name: "file", multiple: false, showUploadList: false,
    customRequest: ({ file, onSuccess, onError }) => {
      setRefused(null);
      uploadDocument(parentType, parent.id, file as File).then((document) => {
        onSuccess?.(document);
        onChanged();
      }, (error: unknown) => {
        setRefused(`${(file as File).name}: ${refusal(error)}`);
        onError?.(error as Error);
      });
    },
  };

  return (
    <Card size="small" title={title} extra={rows.length ? (
      <Button onClick={() => void zip()}>{ticked.length ? t("zipTicked", "Download ticked as zip") : t("zipAll", "Download all as zip")}</Button>
    ) : null}>
      <Flex vertical gap="small">
        {mayUpload(user, resource, parentType, parent) ? (
          <Flex gap="small" wrap>
            {receiptTypes.has(parentType) ? (
              // on a phone, straight to the camera
              <Upload {...uploadProps} accept="image/*,application/pdf" capture="environment">
                <Button icon={<CameraOutlined />} data-testid="receipt-camera">{t("camera", "Take a photo")}</Button>
              </Upload>
            ) : null}
            <Upload.Dragger {...uploadProps} accept={receiptTypes.has(parentType) ? "image/*,application/pdf" : undefined} data-testid="document-upload" style={{ minWidth: 240 }}>
              <p className="ant-upload-drag-icon"><InboxOutlined /></p>
              <p className="ant-upload-text">{t("drop", "Drop a file here or click to choose one")}</p>
            </Upload.Dragger>
          </Flex>
        ) : null}
        {refused ? <Alert type="error" showIcon message={t("refused", "Not uploaded")} description={refused} closable onClose={() => setRefused(null)} /> : null}
        {rows.length ? (
          <Table<Row> rowKey="id" size="small" dataSource={rows} pagination={false} scroll={{ x: "max-content" }}
            rowSelection={{ selectedRowKeys: ticked, onChange: setTicked }}
            columns={[
              ...["asset_file_file_name", "asset_file_file_size", "created_at"].map((field) => ({
                key: field, title: translate(`documents.fields.${field}`, field), render: (_: unknown, row: Row) => format.render(documents, { field }, row),
              })),
              {
                key: "actions", title: "", render: (_: unknown, row: Row) => (
                  <Space>
                    {canPreview(row) ? <Button size="small" onClick={() => void preview.open(row)}>{t("preview", "Preview")}</Button> : null}
                    <Button size="small" onClick={() => void downloadFile(`/api/documents/${String(row.id)}/file`, String(row.asset_file_file_name))}>{t("download", "Download")}</Button>
                  </Space>
                ),
              },
            ]} />
        ) : <Typography.Text type="secondary">{translate("common.noRecords", "No records")}</Typography.Text>}
      </Flex>
      {preview.dialog}
    </Card>
  );
}
