/**
 * The picker dialog of data-spec 2: find records (e.g. purchase orders), tick several, and pull their
 * open lines (those matching the declaration's `open` condition: qty_balance above zero) into the
 * document's grid, which maps each to a new line (framework/lines.ts pulledLine). The records offered
 * follow the document (`match`: a receipt's own purchase order).
 */
import { useState } from "react";
import { useDataProvider, useList, useTranslation } from "@refinedev/core";
import { Button, Input, Modal, Table, Typography } from "antd";
import { matches } from "../../framework/conditions.js";
import type { LinePick } from "../../framework/resource.js";
import { resourceByName } from "../declarations.js";
import { useFormat, type Row } from "../format.js";
import { fieldKey, titleKey } from "../i18n/keys.js";

interface Props {
  pick: LinePick;
  document: Row;
  /** the open lines pulled, as their resource (`from`) returns them */
  onPick: (pulled: Row[], from: string) => void;
}

export function LinePicker({ pick, document, onPick }: Props) {
  const { translate } = useTranslation();
  const format = useFormat();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [ticked, setTicked] = useState<number[]>([]);
  const [pulling, setPulling] = useState(false);
  const [nothing, setNothing] = useState(false);
  const from = resourceByName.get(pick.from)!;
  const relation = from.relations?.[pick.relation];
  const lineResource = relation ? resourceByName.get(relation.resource) : undefined;
  // the document's fields narrow the records offered; one it has not set yet narrows nothing
  const matched = Object.entries(pick.match ?? {}).filter(([, field]) => document[field] !== undefined && document[field] !== null)
    .map(([target, field]) => ({ field: target, operator: "eq" as const, value: document[field] }));
  const { result, query } = useList<Row>({
    resource: from.name,
    filters: [
      ...matched,
      ...Object.entries(pick.offered ?? {}).map(([field, value]) => ({ field, operator: "eq" as const, value })),
      ...(search ? [{ field: from.title, operator: "contains" as const, value: search }] : []),
    ],
    pagination: { pageSize: 20 },
    queryOptions: { enabled: open },
  });
  if (!relation || relation.kind !== "hasMany" || !lineResource) return null;

  async function pull() {
    setPulling(true);
    try {
      const { data } = await dataProvider().getList<Row>({
        resource: lineResource!.name,
        filters: [{ field: (relation as { foreignKey: string }).foreignKey, operator: "in", value: ticked }],
        pagination: { currentPage: 1, pageSize: 1000 },
      });
      const lines = data.filter((line) => matches(pick.open, line));
      setNothing(lines.length === 0);
      if (lines.length) {
        onPick(lines, lineResource!.name);
        setOpen(false);
        setTicked([]);
      }
    } finally {
      setPulling(false);
    }
  }

  const shown = from.columns.filter((c) => !c.hidden && !c.field.includes(".")).slice(0, 4);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{translate("lines.pick", "Pull open lines")}</Button>
      <Modal open={open} title={translate("lines.pickTitle", { records: translate(titleKey(from.name, "list"), from.name).toLowerCase() })} width={720}
        onCancel={() => setOpen(false)} onOk={() => void pull()} okButtonProps={{ disabled: ticked.length === 0, loading: pulling }}
        okText={translate("lines.pick", "Pull open lines")}>
        <Input.Search allowClear placeholder={translate(titleKey(from.name, "list"), from.name)} onSearch={setSearch} style={{ marginBottom: 8 }} />
        {nothing ? <Typography.Text type="warning" role="alert">{translate("lines.pickNone", "The records ticked have no open lines.")}</Typography.Text> : null}
        <Table<Row> size="small" rowKey="id" loading={query.isLoading} dataSource={result.data} pagination={false} scroll={{ x: "max-content", y: 360 }}
          rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(Number)) }}
          columns={shown.map((c) => ({ key: c.field, title: translate(fieldKey(from.name, c.field), c.field), render: (_: unknown, row: Row) => format.render(from, { field: c.field }, row) }))} />
      </Modal>
    </>
  );
}
