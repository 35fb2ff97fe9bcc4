/**
 * A list field of small records (an invoice's GL coding: account, amount, department) as rows: each
 * entry's fields side by side under a titled card, its remove button at the row's end, "Add entry"
 * beneath. rjsf's antd theme nests bordered fieldsets titled "GL Coding-1" with every field a row of its own.
 */
import { Card, Col, Flex, Row } from "antd";
import type { ArrayFieldTemplateProps, ObjectFieldTemplateProps, UiSchema } from "@rjsf/utils";

function EntriesTemplate({ items, canAdd, onAddClick, disabled, readonly, title, registry, uiSchema, fieldPathId }: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <Card size="small" title={title} id={fieldPathId.$id} style={{ marginBottom: 24 }}>
      <Flex vertical gap={8}>
        {items}
        {canAdd ? <div><AddButton onClick={onAddClick} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} /></div> : null}
      </Flex>
    </Card>
  );
}

/** One entry: its fields in a row on a wide screen (stacked on a phone), with no title of its own. */
function EntryTemplate({ properties }: ObjectFieldTemplateProps) {
  const shown = properties.filter((p) => !p.hidden);
  return (
    <Row gutter={16}>
      {shown.map((p) => <Col key={p.name} xs={24} md={Math.max(6, Math.floor(24 / shown.length))}>{p.content}</Col>)}
    </Row>
  );
}

/** The uiSchema of a list field whose items are small records. */
export const entriesUi: UiSchema = { "ui:ArrayFieldTemplate": EntriesTemplate, "ui:options": { orderable: false }, items: { "ui:ObjectFieldTemplate": EntryTemplate } };
