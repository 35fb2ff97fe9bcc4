/**
 * A record's fields on its show page, in sections (sections.ts), each a bordered list of label and
 * value: related records and plain references by name, linked when the reader may open them; lists
 * of objects (GL coding lines; a budget's consuming orders, each linked) under Breakdown as small tables
 * taking the row, and notes taking the row. Write-only and internal fields, those the head already
 * shows and those behind a company setting that is off, are left out.
 */
import { useTranslation } from "@refinedev/core";
import { Card, Descriptions, Flex, Grid, Table, Typography, type DescriptionsProps } from "antd";
import { Link } from "react-router";
import { canAct } from "../../../framework/permissions.js";
import type { ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { outlineByName, resourceByName } from "../../declarations.js";
import { linkOf, useFormat, type Row } from "../../format.js";
import { fieldKey } from "../../i18n/keys.js";
import { showPath } from "../../registry.js";
import { offInCompany, useUser } from "../../user.js";
import { showSectionOf, showSectionOrder } from "./sections.js";

interface Props {
  resource: ResourceDef;
  record: Row;
  /** fields shown elsewhere on the page (the head's key figures) */
  leaveOut: ReadonlySet<string>;
  /** one column beside a document (else two from a medium screen) */
  narrow: boolean;
}

const isRecord = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

export function RecordFields({ resource, record, leaveOut, narrow }: Props) {
  const user = useUser();
  const format = useFormat();
  const { translate } = useTranslation();
  const screens = Grid.useBreakpoint();
  const columns = narrow || !screens.md ? 1 : 2;
  // cells of fixed shares, so that the sections' columns line up: a label a fifth of the row (two-fifths in one
  // column), its value the rest of its column, or of the row when it stands alone there (a note, an odd last field)
  const widths = (alone: boolean) => ({
    label: { width: columns === 1 ? "40%" : "20%" },
    content: { width: columns === 1 ? "60%" : alone ? "80%" : "30%" },
  });
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const relations = Object.entries(resource.relations ?? {});
  const foreignKeys = new Map(relations.flatMap(([name, r]) => (r.kind === "belongsTo" ? [[r.foreignKey, name] as const] : [])));
  const listKeys = new Set(relations.flatMap(([, r]) => (r.kind === "refersMany" ? [r.localKey] : [])));
  const properties = propertiesOf(resource);
  const companyOff = offInCompany(user, resource);
  const fields = ["id", ...Object.keys(properties).filter((f) => !properties[f].writeOnly && !properties[f]["x-internal"] && !listKeys.has(f)), ...(resource.computed ?? [])]
    .filter((f) => !leaveOut.has(f) && !companyOff.has(f) && (foreignKeys.has(f) || !isRecord(record[f])));

  /** Arrays of objects (e.g. GL coding lines) as a small table; rows that are records of another resource (computedLists) link by their first field. */
  const lines = (field: string, rows: Row[]) => {
    const target = resource.computedLists?.[field];
    const keys = Object.keys(rows[0] ?? {}).filter((key) => !(target && key === "id"));
    return (
      <Table<Row> size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={rows} scroll={{ x: "max-content" }}
        columns={keys.map((key, i) => ({
          key,
          title: label(`${field}.${key}`),
          render: (_: unknown, line: Row) => {
            const text = format.format(resource, `${field}.${key}`, line[key], record);
            const link = target && i === 0 ? linkOf(user, { name: target }, { link: "show" }, line) : undefined;
            return link ? <Link to={link}>{text}</Link> : text;
          },
        }))} />
    );
  };

  const item = (field: string, wide: boolean): NonNullable<DescriptionsProps["items"]>[number] => {
    const relationName = foreignKeys.get(field);
    const relation = relationName ? resource.relations?.[relationName] : undefined;
    if (relationName && relation) {
      const target = resourceByName.get(relation.resource);
      const related = record[relationName] as Row | null | undefined;
      const text = related && target ? format.name(target, related) : "";
      const link = showPath(relation.resource, related?.id);
      return { key: field, label: label(relationName), children: link && text ? <Link to={link}>{text}</Link> : text };
    }
    // a plain reference (created by, submitted by): the name the server looked up, linked when the reader may open it
    const reference = properties[field]?.["x-references"];
    if (reference) {
      const name = (record.reference_names as Record<string, string> | undefined)?.[field];
      const target = outlineByName.get(reference);
      const link = name && target && canAct(user, target, "show") ? showPath(reference, record[field]) : undefined;
      return { key: field, label: label(field), children: link ? <Link to={link}>{name}</Link> : name ?? "" };
    }
    return { key: field, label: label(field), children: format.render(resource, { field }, record), span: wide ? "filled" : 1 };
  };

  const sections = showSectionOrder
    .map((section) => ({ section, shown: fields.filter((f) => showSectionOf(resource, f, record[f]) === section) }))
    .filter(({ shown }) => shown.length);
  return (
    <Card>
      <Flex vertical gap="large">
        {sections.map(({ section, shown }) => {
          const title = sections.length > 1 ? translate(`forms.sections.${section}`, section) : undefined;
          // a breakdown's tables take the row, each under its label: beside it they squeeze on a phone, and in a
          // description's cell they widen the page instead of scrolling
          if (section === "breakdown") {
            return (
              <Flex key={section} vertical gap="small" data-section={section}>
                {title ? <Typography.Title level={5} style={{ margin: 0 }}>{title}</Typography.Title> : null}
                {shown.map((field) => (
                  <Flex key={field} vertical gap={4}>
                    <Typography.Text type="secondary">{label(field)}</Typography.Text>
                    {lines(field, record[field] as Row[])}
                  </Flex>
                ))}
              </Flex>
            );
          }
          return (
            <Descriptions key={section} data-section={section} bordered size="small" column={columns} title={title}
              items={shown.map((field, i) => {
                const wide = section === "notes";
                return { ...item(field, wide), styles: widths(wide || (i === shown.length - 1 && i % columns === 0)) };
              })} />
          );
        })}
      </Flex>
    </Card>
  );
}
