/**
 * /imports/new (docs/imports.md): choose what to import and upload the CSV (ImportUpload), check the
 * column mapping and the rows the resource's rules refuse (ImportPreview), apply and follow the
 * progress to the result and its error file (ImportProgress). The import's id is kept in the address
 * (?id=), so the page can be reloaded at any step.
 */
import { useEffect, useState } from "react";
import { useDataProvider, useTranslation } from "@refinedev/core";
import { Flex, Spin, Steps, Typography } from "antd";
import { useSearchParams } from "react-router";
import type { CustomPageProps } from "../index.js";
import { ImportPreview } from "./ImportPreview.js";
import { ImportProgress } from "./ImportProgress.js";
import { ImportUpload } from "./ImportUpload.js";
import type { ImportRecord, T } from "./types.js";
import { useResources } from "../../../declarations.js";

export default function ImportFile(_: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["imports"]);
  const { translate } = useTranslation();
  const t: T = (key, fallback, values) => (values ? translate(`imports.page.${key}`, values, fallback) : translate(`imports.page.${key}`, fallback));
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const [record, setRecord] = useState<ImportRecord>();
  const dataProvider = useDataProvider();

  useEffect(() => {
    if (id && String(record?.id) !== id) void dataProvider().getOne<ImportRecord>({ resource: "imports", id }).then(({ data }) => setRecord(data));
  }, [id, record, dataProvider]);

  // the last step is done (every step ticked) once the run has ended
  const step = !id ? 0 : record?.status === "NEW" ? 1 : record?.status === "PROCESSING" ? 2 : 3;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>{translate("imports.titles.create", "New Import")}</Typography.Title>
      <Steps size="small" current={step} responsive={false} items={[{ title: t("stepFile", "File") }, { title: t("stepPreview", "Preview") }, { title: t("stepApply", "Apply") }]} />
      {!id ? <ImportUpload t={t} kind={params.get("kind") ?? "create"} onCreated={(created) => { setRecord(created); setParams({ id: String(created.id) }); }} />
        : !record ? <Spin />
        : record.status === "NEW" ? <ImportPreview t={t} record={record} onChanged={setRecord} />
        : <ImportProgress t={t} record={record} onChanged={setRecord} onAnother={() => setParams({})} />}
    </Flex>
  );
}
