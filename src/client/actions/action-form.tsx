/**
 * The dialog with the generated form of an action's input (rjsf with the forms' ajv validator), in its
 * own module so that rjsf, ajv and antd's Modal load only when an action asks for more than one field
 * (action-input.tsx).
 */
import { keepEnterInField } from "../pages/form/enter-key.js";
import type { ReactNode } from "react";
import { Modal } from "antd";
import { Form } from "../pages/form/rjsf.js";
import { formTemplates } from "../pages/form/AddButton.js";
import type { RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { customFormats, type Property } from "../../framework/schema.js";
import type { Row } from "../format.js";
import { DateWidget } from "../pages/DateWidget.js";
import { ReferenceSelect } from "../pages/ReferenceSelect.js";

const validator = customizeValidator({ customFormats: { ...customFormats } });

function ReferenceWidget({ id, value, onChange, options, label }: WidgetProps) {
  return <ReferenceSelect resource={String(options.resource)} id={id} label={label} value={value} onChange={onChange} where={options.where as Row} />;
}

/** A reference field is a select of the referenced rows' names, narrowed to those matching the record (`x-match`). */
function uiSchemaOf(schema: RJSFSchema, record: Row): UiSchema {
  const ui: UiSchema = {};
  for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, Property>)) {
    const resource = property["x-references"];
    if (!resource) continue;
    const where = Object.fromEntries(Object.entries(property["x-match"] ?? {}).map(([key, from]) => [key, record[from]]));
    ui[field] = { "ui:widget": ReferenceWidget, "ui:options": { resource, where } };
  }
  return ui;
}

interface Props { title: string; schema: RJSFSchema; record: Row; onSubmit: (input: Row) => void; onCancel: () => void; children: ReactNode }

export default function ActionDialog({ title, schema, record, onSubmit, onCancel, children }: Props) {
  return (
    <Modal open title={title} footer={null} onCancel={onCancel} destroyOnHidden>
      <div onKeyDown={keepEnterInField}><Form schema={schema} uiSchema={uiSchemaOf(schema, record)} validator={validator} widgets={{ DateWidget }} templates={formTemplates} onSubmit={({ formData }) => onSubmit({ ...(formData as Row) })}>{children}</Form></div>
    </Modal>
  );
}
