/**
 * The documents of a record, on the show page of every resource that declares a hasMany relation to
 * documents (the relation's `where.assetable_type` names the parent type): upload by drag and drop
 * or file picker, download, preview of PDFs and images, and a zip of the ticked (or all) documents.
 * The server checks every file (type by its bytes, size, name); its refusal is shown as it says it.
 */
import { CameraOutlined, InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "@refinedev/core";
import { Alert, Button, Card, Flex, Modal, Space, Table, Typography, Upload, type UploadProps } from "antd";
import { useState } from "react";
import { resourceByName } from "../../../resources/index.js";
import { downloadFile, saveBlob } from "../download.js";
import { useFormat, type Row } from "../format.js";
import { http } from "../http.js";
import { useUser } from "../user.js";
import { canPreview } from "./preview.js";
import { mayUpload, receiptTypes } from "./attach-rights.js";


interface Props {
  parentType: string;
  /** the record the documents hang on */
  parent: Row;
  title: string;
  rows: Row[];
  onChanged(): void;
}

/** The server's words for a refused upload (422 per field, 413, 403 base), one line each. */
function refusal(error: unknown): string {
  const body = (error as { errors?: Record<string, string[]> }).errors;
  if (!body) return String((error as Error).message);
  return Object.entries(body).map(([field, messages]) => (field === "base" ? messages.join(", ") : `${field === "file" ? "File" : field} ${messages.join(", ")}`)).join("\n");
}

export function DocumentsCard({ parentType, parent, title, rows, onChanged }: Props) {
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const documents = resourceByName.get("documents")!;
  const [refused, setRefused] = useState<string | null>(null);
  const [ticked, setTicked] = useState<React.Key[]>([]);
  const [preview, setPreview] = useState<{ name: string; type: string; url: string } | null>(null);
  const t = (key: string, fallback: string) => translate(`documents.ui.${key}`, fallback);

  const open = async (row: Row) => {
    const { data } = await http.get<Blob>(`/api/documents/${String(row.id)}/preview`, { responseType: "blob" });
    const type = String(row.content_type);
    // the blob's type is set here from the allow-list, never taken from the answer
    setPreview({ name: String(row.asset_file_file_name), type, url: URL.createObjectURL(new Blob([data], { type })) });
  };
  const close = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };
  const zip = async () => {
    const ids = (ticked.length ? ticked : rows.map((r) => r.id)).map(Number);
    const { data } = await http.post<Blob>("/api/documents/zip", { ids }, { responseType: "blob" });
    saveBlob(data, "documents.zip");
  };

  const uploadProps: UploadProps = {
    name: "file", multiple: false, showUploadList: false,
    customRequest: ({ file, onSuccess, onError }) => {
      const form = new FormData();
      form.append("assetable_type", parentType);
      form.append("assetable_id", String(parent.id));
      form.append("file", file as Blob, (file as File).name);
      setRefused(null);
      http.post("/api/documents/upload", form, { silent: true }).then((response) => {
        onSuccess?.(response.data);
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
        {mayUpload(user, parentType, parent) ? (
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
                    {canPreview(row) ? <Button size="small" onClick={() => void open(row)}>{t("preview", "Preview")}</Button> : null}
                    <Button size="small" onClick={() => void downloadFile(`/api/documents/${String(row.id)}/file`, String(row.asset_file_file_name))}>{t("download", "Download")}</Button>
                  </Space>
                ),
              },
            ]} />
        ) : <Typography.Text type="secondary">{translate("common.noRecords", "No records")}</Typography.Text>}
      </Flex>
      <Modal open={preview !== null} title={preview?.name} onCancel={close} footer={null} width={900} destroyOnHidden>
        {preview?.type === "application/pdf"
          ? <iframe title={preview.name} src={preview.url} style={{ width: "100%", height: "70vh", border: 0 }} />
          : preview ? <img alt={preview.name} src={preview.url} style={{ maxWidth: "100%" }} /> : null}
      </Modal>
    </Card>
  );
}
