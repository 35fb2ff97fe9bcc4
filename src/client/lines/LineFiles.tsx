/**
 * A line's files in its cell of the line grid (LinesDef `files`): each file's name opens it (preview or
 * download) and, on a saved line the user may attach to (attach-rights.ts), an upload that goes to the
 * camera on a phone for receipts. The upload is the documents' own (../documents/upload.ts).
 */
import { PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "@refinedev/core";
import { Button, Flex, Typography, Upload } from "antd";
import { useState } from "react";
import type { ResourceDef } from "../../framework/resource.js";
import type { Row } from "../format.js";
import { useUser } from "../user.js";
import { mayUpload, receiptTypes } from "../documents/attach-rights.js";
import { usePreviewDialog } from "../documents/PreviewDialog.js";
import { refusal, uploadDocument } from "../documents/upload.js";

export function LineFiles({ resource, parentType, line, files: initial, label }: { resource: Pick<ResourceDef, "module" | "permissions">; parentType: string; line: Row; files: Row[]; label: string }) {
  const user = useUser();
  const { translate } = useTranslation();
  // what this cell attached is shown at once, the page is not read again
  const [files, setFiles] = useState(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const preview = usePreviewDialog();
  const receipt = receiptTypes.has(parentType);
  return (
    <Flex vertical gap={2} align="start">
      {files.map((file) => (
        <Button key={String(file.id)} type="link" size="small" style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }} onClick={() => void preview.open(file)}>
          {String(file.asset_file_file_name)}
        </Button>
      ))}
      {line.id !== undefined && mayUpload(user, resource, parentType, line) ? (
        <Upload name="file" multiple={false} showUploadList={false} accept={receipt ? "image/*,application/pdf" : undefined} capture={receipt ? "environment" : undefined}
          customRequest={({ file, onSuccess, onError }) => {
            setRefused(null);
            uploadDocument(parentType, line.id, file as File).then((document) => {
              setFiles((shown) => [document, ...shown]);
              onSuccess?.(document);
            }, (error: unknown) => {
              setRefused(refusal(error));
              onError?.(error as Error);
            });
          }}>
          <Button size="small" icon={<PaperClipOutlined />} aria-label={`${translate("documents.ui.attach", "Attach")} ${label}`}>
            {translate("documents.ui.attach", "Attach")}
          </Button>
        </Upload>
      ) : null}
      {refused ? <Typography.Text type="danger" role="alert">{refused}</Typography.Text> : null}
      {preview.dialog}
    </Flex>
  );
}
