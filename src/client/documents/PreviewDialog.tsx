/** A document opened in a dialog: a PDF in a frame, an image as itself; other types are downloaded. */
import { Modal } from "antd";
import { useState, type ReactNode } from "react";
import { downloadFile } from "../download.js";
import type { Row } from "../format.js";
import { http } from "../http.js";
import { canPreview } from "./preview.js";

/** `open(document)` shows it (or downloads what cannot be shown); `dialog` is rendered where the caller is. */
export function usePreviewDialog(): { open(row: Row): Promise<void>; dialog: ReactNode } {
  const [preview, setPreview] = useState<{ name: string; type: string; url: string } | null>(null);
  const open = async (row: Row) => {
    const name = String(row.asset_file_file_name);
    if (!canPreview(row)) return downloadFile(`/api/documents/${String(row.id)}/file`, name);
    const { data } = await http.get<Blob>(`/api/documents/${String(row.id)}/preview`, { responseType: "blob" });
    const type = String(row.content_type);
    // the blob's type is set here from the allow-list, never taken from the answer
    setPreview({ name, type, url: URL.createObjectURL(new Blob([data], { type })) });
  };
  const close = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };
  const dialog = (
    <Modal open={preview !== null} title={preview?.name} onCancel={close} footer={null} width={900} destroyOnHidden>
      {preview?.type === "application/pdf"
        ? <iframe title={preview.name} src={preview.url} style={{ width: "100%", height: "70vh", border: 0 }} />
        : preview ? <img alt={preview.name} src={preview.url} style={{ maxWidth: "100%" }} /> : null}
    </Modal>
  );
  return { open, dialog };
}
