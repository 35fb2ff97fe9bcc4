/**
 * The one line grid of every document with lines (ResourceDef `lines`): a row per line, a cell per
 * declared field typed by the line resource's schema (number, money, date, enum, reference, text),
 * add and remove, the server's per-line errors (`po_items.2.quantity`) under their cells, and the
 * running total in the footer by the rule the server stores (framework/lines.ts), and with `files` each
 * line's files (LineFiles). The declaration's `context` figures (a receipt line's PO line: ordered, received
 * so far, to receive) are read-only cells after their field, filled when the reference is chosen or the
 * line pulled. Read-only on show pages, but for attaching files.
 */
import { useDataProvider, useTranslation } from "@refinedev/core";
import { Button, Checkbox, Flex, Input, InputNumber, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { contextOf, contextRelations, gridColumns, lineTotal, linesTotal, pulledLine } from "../../framework/lines.js";
import type { LinesDef, ResourceDef } from "../../framework/resource.js";
import { propertiesOf, type Property } from "../../framework/schema.js";
import { resourceByName } from "../declarations.js";
import { useFormat, type Row } from "../format.js";
import { codeLabel } from "../../framework/cell-text.js";
import { enumOf, fieldKey } from "../i18n/keys.js";
import { ReferenceName, ReferenceSelect } from "../pages/ReferenceSelect.js";
import { LineFiles } from "./LineFiles.js";
import { LinePicker } from "./LinePicker.js";

interface Props {
  /** the document's resource and its lines declaration */
  resource: ResourceDef;
  def: LinesDef;
  lines: Row[];
  onChange?: (lines: Row[]) => void;
  /** the server's errors of this collection, keyed as sent (`po_items.2.quantity`, `po_items`) */
  errors?: Record<string, string[]>;
  /** the document as edited (the picker's match, the currency of the total) */
  document: Row;
}

/** The line resource behind a lines declaration. */
export function lineResourceOf(resource: ResourceDef, def: LinesDef): ResourceDef {
  const relation = resource.relations?.[def.relation];
  return resourceByName.get(relation?.resource ?? "")!;
}

/**
 * A column's width by what its cells hold, so that a line fits the form without a scrollbar on a desktop;
 * read-only, only text wraps in a set width, a figure or a date is as wide as it is.
 */
function widthOf(property: Property, editable: boolean): number | undefined {
  const types = ([] as unknown[]).concat(property.type ?? []);
  if (property["x-references"]) return 200;
  if (!editable) return types.includes("string") && !property.format && !enumOf(property).length ? 220 : undefined;
  if (enumOf(property).length) return 150;
  if (property.format === "date") return 150;
  if (property.format === "money" || property.format === "decimal" || types.includes("integer") || types.includes("number")) return 120;
  if (types.includes("boolean")) return 70;
  return 220;
}

function Cell({ line, field, property, value, onChange, error, label }: {
  line: ResourceDef; field: string; property: Property; value: unknown; onChange: (value: unknown) => void; error: boolean; label: string;
}) {
  const { translate } = useTranslation();
  const status = error ? ("error" as const) : undefined;
  const reference = property["x-references"];
  if (reference) return <ReferenceSelect resource={reference} value={value} onChange={onChange} label={label} status={status} />;
  const values = enumOf(property);
  if (values.length) {
    return <Select aria-label={label} status={status} style={{ width: "100%" }} value={value ?? undefined} onChange={onChange}
      options={values.map((v) => ({ value: v, label: codeLabel(translate, line, field, v) }))} />;
  }
  const types = ([] as unknown[]).concat(property.type ?? []);
  if (types.includes("boolean")) return <Checkbox aria-label={label} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />;
  // money and decimals stay strings (exact); integers are numbers
  if (property.format === "money" || property.format === "decimal") {
    return <InputNumber<string> stringMode aria-label={label} status={status} style={{ width: "100%" }} value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ?? undefined)} />;
  }
  if (types.includes("integer") || types.includes("number")) {
    return <InputNumber aria-label={label} status={status} style={{ width: "100%" }} value={value as number | null} onChange={(v) => onChange(v ?? undefined)} />;
  }
  if (property.format === "date") return <Input type="date" aria-label={label} status={status} value={(value as string | undefined) ?? ""} onChange={(e) => onChange(e.target.value || undefined)} />;
  return <Input aria-label={label} status={status} value={(value as string | undefined) ?? ""} onChange={(e) => onChange(e.target.value)} />;
}

export function LineGrid({ resource, def, lines, onChange, errors = {}, document }: Props) {
  const { translate } = useTranslation();
  const format = useFormat();
  const line = lineResourceOf(resource, def);
  const properties = propertiesOf(line);
  const editable = onChange !== undefined;
  // a reference is labelled as its relation ("Contact", not "Contact ID")
  const relationOf = (field: string) => Object.entries(line.relations ?? {}).find(([, r]) => r.kind === "belongsTo" && r.foreignKey === field)?.[0];
  const label = (field: string) => translate(fieldKey(line.name, relationOf(field) ?? field), field);
  const errorsAt = (index: number, field?: string) => errors[field ? `${def.relation}.${index}.${field}` : `${def.relation}.${index}`];
  const set = (index: number, field: string, value: unknown) => onChange?.(lines.map((l, i) => (i === index ? { ...l, [field]: value } : l)));
  const dataProvider = useDataProvider();
  const contexts = contextRelations(line, def);
  // a reference the declaration fills from (a catalogue item) or shows the context of (a PO line): the chosen
  // record's values come into the line; one the user may not read leaves the context empty (the server reads it on save)
  const choose = async (index: number, field: string, value: unknown) => {
    const fills = def.fill?.[field];
    const context = contexts.find((c) => c.relation.foreignKey === field);
    const reference = properties[field]?.["x-references"];
    if ((!fills && !context) || !reference) return set(index, field, value);
    const chosen = value === null || value === undefined ? undefined
      : await dataProvider().getOne<Row>({ resource: reference, id: value as number }).then(({ data }) => data, () => undefined);
    const filled = chosen ? Object.fromEntries(Object.entries(fills ?? {}).map(([to, from]) => [to, chosen[from]])) : {};
    const shown = context ? { [context.name]: chosen && contextOf(context.fields, chosen) } : {};
    onChange?.(lines.map((l, i) => (i === index ? { ...l, [field]: value, ...filled, ...shown } : l)));
  };
  const totalField = def.total?.field;
  // editing: the declared line fields; reading: what the relation shows (a PO line's received and billed quantities too)
  const relation = resource.relations?.[def.relation];
  const fields = editable || !relation ? def.fields : relation.fields.filter((f) => f !== "id" && f !== def.position);
  const currency = { currency_code: document.currency_code };
  // a context figure: the line's own (a PO line's received), or its related record's in that resource's format
  const contextCell = (path: string, l: Row) => {
    const [name, field] = path.split(".");
    const target = field === undefined ? undefined : contexts.find((c) => c.name === name);
    const figure = target
      ? format.render(resourceByName.get(target.relation.resource)!, { field }, { ...currency, ...(l[name] as Row | null) })
      : format.render(line, { field: path }, { ...currency, ...l });
    return editable ? <Typography.Text type="secondary">{figure}</Typography.Text> : figure;
  };
  // the parent type of the lines' files (the documents relation's assetable_type)
  const filesRelation = def.files ? line.relations?.[def.files] : undefined;
  const filesType = filesRelation?.kind === "hasMany" ? filesRelation.where?.assetable_type : undefined;

  const columns: ColumnsType<Row> = [
    { key: "position", title: def.position ? label(def.position) : "#", width: 56, render: (_: unknown, l: Row, index: number) => String((def.position ? l[def.position] : undefined) ?? index + 1) },
    // the files first: on a phone the receipt is seen and attached without scrolling sideways
    ...(filesType ? [{
      key: def.files!,
      title: label(def.files!),
      width: 180,
      render: (_: unknown, l: Row, index: number) => {
        const files = Array.isArray(l[def.files!]) ? (l[def.files!] as Row[]) : [];
        // keyed by the files read: the cell starts afresh when the record is read again
        return <LineFiles key={files.map((f) => String(f.id)).join()} resource={line} parentType={filesType} line={l} files={files} label={`${label(def.files!)} ${index + 1}`} />;
      },
    }] : []),
    ...gridColumns(def, fields, lines).map(({ field, context }) => (context ? {
      key: field,
      title: label(field),
      // read, not typed: as wide as the figure (a show page fits its lines' figures before their coding)
      width: editable ? 100 : undefined,
      render: (_: unknown, l: Row) => contextCell(field, l),
    } : {
      key: field,
      title: label(field),
      width: widthOf(properties[field] ?? {}, editable),
      render: (_: unknown, l: Row, index: number) => {
        const messages = errorsAt(index, field);
        return editable ? (
          <Flex vertical gap={2}>
            <Cell line={line} field={field} property={properties[field] ?? {}} value={l[field]} onChange={(v) => void choose(index, field, v)} error={Boolean(messages)} label={`${label(field)} ${index + 1}`} />
            {messages ? <Typography.Text type="danger" role="alert">{messages.join(", ")}</Typography.Text> : null}
          </Flex>
        ) : properties[field]?.["x-references"]
          ? <ReferenceName resource={properties[field]["x-references"]} id={l[field]} />
          : format.render(line, { field }, { ...currency, ...l });
      },
    })),
    ...(totalField && !fields.includes(totalField) ? [{
      key: totalField,
      title: label(totalField),
      width: 110,
      align: "right" as const,
      render: (_: unknown, l: Row) => format.format(line, totalField, lineTotal(def, l) ?? "", currency),
    }] : []),
    ...(editable ? [{
      key: "remove",
      width: 90,
      render: (_: unknown, _l: Row, index: number) => (
        <Flex vertical gap={2} align="start">
          <Button danger size="small" aria-label={`${translate("lines.remove", "Remove")} ${index + 1}`} onClick={() => onChange(lines.filter((_x, i) => i !== index))}>
            {translate("lines.remove", "Remove")}
          </Button>
          {errorsAt(index) ? <Typography.Text type="danger" role="alert">{errorsAt(index)!.join(", ")}</Typography.Text> : null}
        </Flex>
      ),
    }] : []),
  ];

  return (
    <Flex vertical gap="small" data-lines={def.relation}>
      {errors[def.relation] ? <Typography.Text type="danger" role="alert">{errors[def.relation].join(", ")}</Typography.Text> : null}
      <Table<Row> size="small" rowKey={(l) => String(l.id ?? `new-${lines.indexOf(l)}`)} dataSource={lines} columns={columns} pagination={false} scroll={{ x: "max-content" }}
        locale={{ emptyText: translate("common.noRecords", "No records") }}
        // the total under the table, outside its horizontal scroll: seen on a phone too
        footer={totalField ? () => (
          <Flex justify="end" gap="middle">
            <Typography.Text strong>{translate("lines.total", "Total")}</Typography.Text>
            <Typography.Text strong data-lines-total>{format.format(line, totalField, linesTotal(def, lines), currency)}</Typography.Text>
          </Flex>
        ) : undefined} />
      {editable ? (
        <Flex gap="small" wrap>
          <Button onClick={() => onChange([...lines, {}])}>{translate("lines.add", "Add line")}</Button>
          {def.pick ? <LinePicker pick={def.pick} document={document} onPick={(pulled, from) => onChange([...lines, ...pulled.map((p) => pulledLine(line, def, from, p))])} /> : null}
        </Flex>
      ) : null}
    </Flex>
  );
}
