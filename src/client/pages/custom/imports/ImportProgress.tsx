/**
 * The last step: the run's progress (processed_rows of total_rows, polled while it runs), then the
 * result — rows written, rows refused — and the error file (GET /api/imports/{id}/error_file: the
 * refused rows as the file had them, with their errors).
 */
import { useEffect } from "react";
import { useDataProvider, useTranslation } from "@refinedev/core";
import { Button, Card, Flex, Progress, Result } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { downloadFile } from "../../../download.js";
import type { ImportRecord, T } from "./types.js";

const pollMs = 500;

export function ImportProgress({ t, record, onChanged, onAnother }: { t: T; record: ImportRecord; onChanged(record: ImportRecord): void; onAnother(): void }) {
  const { translate } = useTranslation();
  const running = record.status === "PROCESSING";
  const dataProvider = useDataProvider();
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => void dataProvider().getOne<ImportRecord>({ resource: "imports", id: record.id }).then(({ data }) => onChanged(data)), pollMs);
    return () => clearTimeout(timer);
  }, [record, running, onChanged, dataProvider]);
  const percent = record.total_rows ? Math.floor((record.processed_rows * 100) / record.total_rows) : 0;
  const errorFile = () => downloadFile(`/api/imports/${record.id}/error_file`, `${record.file_name.replace(/\.csv$/i, "")} errors.csv`);

  return (
    <Card>
      <Flex vertical gap="middle">
        <Progress percent={percent} status={record.status === "FAILED" ? "exception" : running ? "active" : "success"} />
        <span>{t("processed", "{{processed}} of {{total}} rows processed", { processed: record.processed_rows, total: record.total_rows })}</span>
        {running ? null : (
          <Result status={record.status === "DONE" ? (record.error_rows ? "warning" : "success") : "error"}
            title={translate(`imports.statuses.${record.status}`, record.status)}
            subTitle={t("result", "{{written}} rows written, {{refused}} rows refused", { written: record.total_rows - record.error_rows, refused: record.error_rows })}
            extra={[
              record.error_rows ? <Button key="errors" type="primary" icon={<DownloadOutlined />} onClick={() => void errorFile()}>{t("errorFile", "Download the error file")}</Button> : null,
              <Button key="another" onClick={onAnother}>{t("another", "Import another file")}</Button>,
            ]} />
        )}
      </Flex>
    </Card>
  );
}
