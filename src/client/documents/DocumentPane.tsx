/**
 * The document beside the data: the record's PDF or image next to its fields (invoice show, inbox
 * edit, every approval screen), as approvers and clerks decide from the invoice itself. Beside the
 * fields on a wide screen, with a button to fold it away; above them on a phone, with a full-screen
 * view. The file is read with the bearer header (so as a blob, typed from the allow-list, never from
 * the answer) from the preview route, which serves only PDFs and images inline.
 */
import { ExpandOutlined, FileTextOutlined } from "@ant-design/icons";
import { useTranslation } from "@refinedev/core";
import { Button, Card, Flex, Grid, Modal, Select, Spin, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { http } from "../http.js";
import type { Row } from "../format.js";

/** The bytes of one document as an object URL, revoked when it changes or the pane goes. */
function usePreviewUrl(document: Row | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!document) return undefined;
    let made: string | null = null;
    let live = true;
    void http.get<Blob>(`/api/documents/${String(document.id)}/preview`, { responseType: "blob", silent: true }).then(({ data }) => {
      made = URL.createObjectURL(new Blob([data], { type: String(document.content_type) }));
      if (live) setUrl(made);
    }, () => undefined);
    return () => {
      live = false;
      setUrl(null);
      if (made) URL.revokeObjectURL(made);
    };
  }, [document]);
  return url;
}

function Viewer({ document, url, height }: { document: Row; url: string | null; height: string }) {
  const name = String(document.asset_file_file_name);
  if (!url) return <Flex justify="center" align="center" style={{ height }}><Spin /></Flex>;
  return String(document.content_type) === "application/pdf"
    ? <iframe title={name} src={`${url}#navpanes=0&view=FitH`} data-testid="document-preview" style={{ width: "100%", height, border: 0, display: "block" }} />
    : <img alt={name} src={url} data-testid="document-preview" style={{ maxWidth: "100%", maxHeight: height, display: "block", margin: "0 auto" }} />;
}

/** `children` (the fields) with the first of `documents` beside them; just the children when there is none. */
export function WithDocument({ documents, children }: { documents: readonly Row[]; children: ReactNode }) {
  const { translate } = useTranslation();
  const t = (key: string, fallback: string) => translate(`documents.ui.${key}`, fallback);
  const wide = Grid.useBreakpoint().lg ?? true;
  const [open, setOpen] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const [chosenId, setChosenId] = useState<unknown>(undefined);
  const document = documents.find((d) => d.id === chosenId) ?? documents[0];
  const url = usePreviewUrl(open ? document : undefined);
  if (!document) return <>{children}</>;

  const chooser = documents.length > 1 ? (
    <Select size="small" value={document.id as number} style={{ maxWidth: 220 }} aria-label={t("choose", "Document")}
      options={documents.map((d) => ({ value: d.id as number, label: String(d.asset_file_file_name) }))} onChange={setChosenId} />
  ) : <Typography.Text ellipsis style={{ maxWidth: 220 }}>{String(document.asset_file_file_name)}</Typography.Text>;
  const pane = (
    <Card size="small" data-testid="document-pane" title={<Flex gap="small" align="center"><FileTextOutlined />{chooser}</Flex>}
      styles={{ body: { padding: 0 } }}
      extra={(
        <Flex gap="small">
          <Button size="small" icon={<ExpandOutlined />} onClick={() => setFullScreen(true)}>{wide ? null : t("fullScreen", "Full screen")}</Button>
          <Button size="small" onClick={() => setOpen(false)}>{t("hide", "Hide document")}</Button>
        </Flex>
      )}>
      {fullScreen ? null : <Viewer document={document} url={url} height={wide ? "calc(100vh - 220px)" : "55vh"} />}
    </Card>
  );
  const modal = (
    <Modal open={fullScreen} onCancel={() => setFullScreen(false)} footer={null} title={String(document.asset_file_file_name)} destroyOnHidden
      width="100vw" style={{ top: 0, maxWidth: "100vw", padding: 0 }} styles={{ body: { height: "calc(100vh - 110px)" } }}>
      <Viewer document={document} url={url} height="calc(100vh - 110px)" />
    </Modal>
  );
  if (!open) {
    return (
      <Flex vertical gap="middle">
        <Flex justify="flex-end"><Button icon={<FileTextOutlined />} onClick={() => setOpen(true)}>{t("show", "Show document")}</Button></Flex>
        {children}
      </Flex>
    );
  }
  return wide ? (
    <Flex gap="middle" align="flex-start">
      <div style={{ flex: "1 1 55%", minWidth: 0 }}>{children}</div>
      <div style={{ flex: "1 1 45%", minWidth: 0, position: "sticky", top: 16 }}>{pane}</div>
      {modal}
    </Flex>
  ) : (
    <Flex vertical gap="middle">{pane}{children}{modal}</Flex>
  );
}
