/**
 * The generic create/edit page: an rjsf form from the resource's JSON Schema (writable fields only;
 * the status is the server's at create), in sections of two columns (form/sections.tsx), references
 * as searchable selects, currencies as a select starting at the company's, dates in the company's
 * format; every broken rule in plain words, listed at the top (which scrolls into view) and beside
 * its field, the server's 422 too. An edited record's declared notices (what holds it) head the form.
 * Leaving with unsaved changes asks first; a saved record opens. Loaded on demand.
 */
import { useMemo, useState } from "react";
import { EditDocuments } from "../documents/EditDocuments.js";
import { useForm, useTranslation, type HttpError } from "@refinedev/core";
import { Button, Card, Result, Space, Spin, Typography } from "antd";
import { Form } from "./form/rjsf.js";
import { formTemplates } from "./form/AddButton.js";
import { entriesUi } from "./form/EntriesTemplate.js";
import type { ErrorSchema, RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { useNavigate } from "react-router";
import { linesTotal } from "../../framework/lines.js";
import type { LinesDef, ResourceDef } from "../../framework/resource.js";
import { LineGrid } from "../lines/LineGrid.js";
import { usePageTitle, type Row, type Translate } from "../format.js";
import { customFormats, isWritable, propertiesOf, requiredOf, type Property, type WriteMode } from "../../framework/schema.js";
import { i18n } from "../i18n/index.js";
import { enumOf, fieldKey, statusKey, valueKey } from "../i18n/keys.js";
import { offGuard, useUnsavedChanges, useLeave } from "../layout/unsaved.js";
import { duplicateOf, openedPath, recordName } from "../registry.js";
import { useUser } from "../user.js";
import { DateWidget } from "./DateWidget.js";
import { CurrencyWidget } from "./form/CurrencyWidget.js";
import { keepEnterInField } from "./form/enter-key.js";
import { ErrorSummary } from "./form/ErrorSummary.js";
import { errorsByPath, plainErrors, problemsOf, type Problem } from "./form/messages.js";
import { currencyPattern, longText, SectionsTemplate, sectionOf, type Section } from "./form/sections.js";
import { ReferenceSelect } from "./ReferenceSelect.js";
import { noticesOn } from "../../framework/notices.js";
import { RecordNotices } from "../record-notices.js";

/** The server's custom formats (money and decimal strings). */
const validator = customizeValidator({ customFormats: { ...customFormats } });

/** A record id the schema does not say the resource of (`receipt_id`): kept (a route may prefill it), not shown. */
const isRawId = (field: string, property: Property) => field.endsWith("_id") && [property.type].flat().includes("integer");

/** The writable part of the schema, titled and with widgets for enums and references. */
function formSchema(resource: ResourceDef, mode: WriteMode, translate: Translate): { schema: RJSFSchema; uiSchema: UiSchema } {
  // a status the server takes at create (an invoice's DRAFT) is left to its default: a new record's status is not chosen
  const writable = Object.entries(propertiesOf(resource))
    .filter(([f, p]) => isWritable(resource, f, p, mode) && !(mode === "create" && f === resource.statuses?.field));
  const title = (path: string) => translate(fieldKey(resource.name, path), path.split(".").pop()!);
  const optionLabel = (field: string, value: string) =>
    field === resource.statuses?.field
      ? translate(statusKey(resource.name, value), value)
      : translate(valueKey(resource.name, field, value), value);
  const sections: Record<string, Section> = {};
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true }, "ui:ObjectFieldTemplate": SectionsTemplate, "ui:options": { sections } };
  const properties: Record<string, Property & { title: string; uniqueItems?: boolean }> = {};
  const titled = (nested: Readonly<Record<string, Property>>, label: (key: string) => string) =>
    Object.fromEntries(Object.entries(nested).map(([k, p]) => [k, { ...p, title: label(k) }]));
  for (const [field, property] of writable) {
    // an array's item fields are fields of their own (`<field>.<key>`); an object's keys are values of it, as in a map (a company's modules: "Receiving")
    const items = property.items?.properties ? { ...property.items, properties: titled(property.items.properties, (k) => title(`${field}.${k}`)) } : property.items;
    const nested = property.properties ? { properties: titled(property.properties, (k) => translate(valueKey(resource.name, field, k), k)) } : {};
    properties[field] = { ...property, ...nested, items, title: title(field) };
    sections[field] = sectionOf(property);
    const values = enumOf(property);
    if (property["x-references"]) {
      uiSchema[field] = { "ui:widget": ReferenceWidget, "ui:options": { resource: property["x-references"] } };
    } else if (values.length) {
      uiSchema[field] = { "ui:enumNames": values.map((v) => optionLabel(field, v)) };
      if (property.items) properties[field].uniqueItems = true;
    } else if (isRawId(field, property)) {
      // an id of another module's record with no list to choose from (an expense's receipt): never a box for a number
      uiSchema[field] = { "ui:widget": "hidden" };
    } else if (property.pattern === currencyPattern) {
      uiSchema[field] = { "ui:widget": CurrencyWidget };
    } else if ((property.maxLength ?? 0) >= longText) {
      uiSchema[field] = { "ui:widget": "textarea" };
    } else if (property.items?.properties) {
      uiSchema[field] = entriesUi;
    }
  }
  const required = requiredOf(resource).filter((f) => f in properties);
  return { schema: { type: "object", required, properties } as RJSFSchema, uiSchema };
}

/** Server errors ({"a.b": [msg]}) as rjsf's error schema; `base` is notified by the HTTP layer, lines' errors shown by their grid. */
function toErrorSchema(errors: Record<string, string[]> | undefined, lineKeys: ReadonlySet<string>): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    if (path === "base" || lineKeys.has(path.split(".")[0])) continue;
    let node = schema;
    for (const key of path.split(".")) node = (node[key] ??= {}) as Record<string, unknown>;
    node.__errors = messages;
  }
  return schema as ErrorSchema;
}

/** A reference field of the form: a searchable select of the referenced resource's rows. */
function ReferenceWidget({ id, value, onChange, multiple, disabled, readonly, options, label }: WidgetProps) {
  return <ReferenceSelect resource={String(options.resource)} id={id} label={label} value={value} onChange={onChange} multiple={multiple} disabled={disabled || readonly} />;
}

interface Props {
  resource: ResourceDef;
  /** create: a new record (prefilled from the route); duplicate: a new record starting from record `id`; edit: record `id` */
  mode: "create" | "edit" | "duplicate";
  id?: string | number;
  /** starting values from the route's parameters (on a duplicate they replace the copied ones); a
   *  create's starting lines under their relation's name (a punchout cart's items as po_items) */
  prefill?: Row;
  /** after a save; by default the saved record's show page opens */
  onSaved?: (record: Row) => void;
  readOnly?: boolean;
  /** a heading instead of the resource's title for the mode */
  title?: string;
}

/** A new record's currency fields start at the company's currency. */
const currencyDefaults = (schema: RJSFSchema, currency: string): Row =>
  Object.fromEntries(Object.entries(schema.properties ?? {})
    .filter(([, p]) => typeof p === "object" && (p as Property).pattern === currencyPattern).map(([f]) => [f, currency]));

export default function FormPage({ resource, mode, id, prefill, onSaved, readOnly, title }: Props) {
  const navigate = useNavigate();
  const leave = useLeave();
  const user = useUser();
  const { translate } = useTranslation();
  const pageTitle = usePageTitle();
  // server-owned fields (status, balances, numbers…) are not offered: the server refuses them
  const writeMode: WriteMode = mode === "edit" ? "update" : "create";
  const { schema, uiSchema } = useMemo(() => formSchema(resource, writeMode, translate), [resource, writeMode, translate]);
  const loads = mode !== "create" && id !== undefined;
  // one key per intent to create: a request repeated after a network failure makes one record; any
  // answer ends the intent, so a corrected form is a new one (docs/api.md "Idempotency")
  const [createKey, setCreateKey] = useState(() => crypto.randomUUID());
  // Refine's form: reads the record (edit, duplicate = clone), saves it; the page navigates itself
  const { onFinish, query } = useForm<Row, HttpError, Row>({
    resource: resource.name,
    action: mode === "edit" ? "edit" : mode === "duplicate" ? "clone" : "create",
    id: loads ? id : undefined,
    redirect: false,
    mutationMode: "pessimistic",
    mutationMeta: mode === "edit" ? undefined : { headers: { "Idempotency-Key": createKey } },
    successNotification: { type: "success", message: translate("notices.saved", "Saved") },
    errorNotification: false,
  });
  const record = query?.data?.data;
  const [formData, setFormData] = useState<Row>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  // the document's lines, by collection, as edited in their grids (sent with the document)
  const [editedLines, setEditedLines] = useState<Record<string, Row[]>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  // what the summary lists, and how many times a save was refused (each scrolls the summary into view)
  const [problems, setProblems] = useState<Problem[]>([]);
  const [refusals, setRefusals] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(dirty && !readOnly);

  if (loads && query?.isLoading) return <Spin />;
  if (loads && !record) return <Result status="404" title={translate("errors.recordNotFound", "Record not found.")} />;
  const fields = Object.keys(schema.properties ?? {});
  const pick = (row: Row | undefined) => Object.fromEntries(fields.filter((f) => row && f in row).map((f) => [f, row![f]]));
  const initial = mode === "edit" ? pick(record)
    : { ...currencyDefaults(schema, user.company.currency_code), ...pick(mode === "duplicate" && record ? duplicateOf(resource, record) : {}), ...pick(prefill) };
  const label = (field: string) => translate(fieldKey(resource.name, field), field);
  const refused = (errors: Record<string, string[]>) => {
    setProblems(problemsOf(errors, schema, label));
    setRefusals((n) => n + 1);
  };
  const lineKeys = new Set((resource.lines ?? []).map((def) => def.relation));
  // an edit starts from the record's lines; a duplicate from copies of them (new lines, declared fields only)
  const linesOf = (def: LinesDef): Row[] => editedLines[def.relation] ?? (mode === "edit"
    ? (record?.[def.relation] as Row[] | undefined) ?? []
    : mode === "duplicate" ? ((record?.[def.relation] as Row[] | undefined) ?? []).map((l) => Object.fromEntries(def.fields.map((f) => [f, l[f]])))
    : (prefill?.[def.relation] as Row[] | undefined) ?? []);

  // a total the lines make (a PO's amount) is not typed in while there are lines
  const rollingUp = (resource.lines ?? []).filter((def) => def.total?.document && linesOf(def).length);
  const rolledUp = rollingUp.map((def) => def.total!.document!);
  const withoutRolledUp: UiSchema = { ...uiSchema, ...Object.fromEntries(rolledUp.map((field) => [field, { "ui:widget": "hidden" }])) };
  const formSchemaNow: RJSFSchema = rolledUp.length ? { ...schema, required: (schema.required ?? []).filter((f) => !rolledUp.includes(f)) } : schema;

  async function save(form: Row) {
    // a rolled-up total is sent as the lines make it (the server's line hooks store the same)
    const totals = rollingUp.map((def) => [def.total!.document!, linesTotal(def, linesOf(def))]);
    const values = { ...form, ...Object.fromEntries(totals), ...Object.fromEntries((resource.lines ?? []).map((def) => [def.relation, linesOf(def)])) };
    setExtraErrors(undefined);
    setServerErrors({});
    setProblems([]);
    setSaving(true);
    try {
      // pessimistic: the promise holds the saved record
      const data = (await onFinish(values))?.data ?? {};
      setDirty(false);
      if (onSaved) onSaved(data);
      else offGuard(() => navigate(openedPath(resource.name, { ...data, id: data.id ?? id }, user) ?? "/"));
    } catch (error) {
      if ((error as HttpError).statusCode !== 0) setCreateKey(crypto.randomUUID());
      const errors = (error as HttpError).errors as Record<string, string[]> | undefined;
      setExtraErrors(toErrorSchema(errors, lineKeys));
      setServerErrors(errors ?? {});
      refused(errors ?? {});
    } finally {
      setSaving(false);
    }
  }

  // an edited record's documents: its PDF or image beside the form, its receipts' upload under it (../documents)
  return (
    <EditDocuments resource={resource} record={mode === "edit" ? record : undefined} onChanged={() => void query?.refetch()}>
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>
      {title ?? pageTitle(resource, mode)}
      {record && !title ? ` ${recordName(resource, record)}` : ""}
    </Typography.Title>}>
      {/* what holds the record being edited (an invoice's open matching exceptions), before it is changed */}
      {mode === "edit" && record ? (
        <div style={{ marginBottom: 16 }}>
          <RecordNotices resource={resource} record={record} shown={noticesOn(resource, record)} onChanged={() => void query?.refetch()} />
        </div>
      ) : null}
      <ErrorSummary problems={problems} shown={refusals} />
      <div onKeyDown={keepEnterInField}>
      <Form
        schema={formSchemaNow}
        uiSchema={withoutRolledUp}
        validator={validator}
        widgets={{ DateWidget }}
        templates={formTemplates}
        focusOnFirstError
        formData={formData ?? initial}
        extraErrors={extraErrors}
        showErrorList={false}
        disabled={readOnly}
        transformErrors={(errors) => plainErrors(errors, formSchemaNow, i18n.t)}
        onError={(errors) => refused(errorsByPath(errors))}
        noHtml5Validate
        onChange={(e, id) => {
          setFormData(e.formData as Row);
          // a change with no field behind it is the form filling its defaults: nothing typed yet
          if (id !== undefined) setDirty(true);
        }}
        onSubmit={(e) => void save(e.formData as Row)}
      >
        {(resource.lines ?? []).map((def) => (
          <Card key={def.relation} size="small" title={translate(fieldKey(resource.name, def.relation), def.relation)} style={{ marginBottom: 16 }}>
            <LineGrid resource={resource} def={def} lines={linesOf(def)} document={formData ?? initial} errors={serverErrors}
              onChange={readOnly ? undefined : (lines) => {
                // a removed line moves the later ones up: their errors no longer point at them
                if (lines.length < linesOf(def).length) setServerErrors({});
                setEditedLines((edited) => ({ ...edited, [def.relation]: lines }));
                setDirty(true);
              }} />
          </Card>
        ))}
        {readOnly ? <span /> : (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>{translate("actions.save", "Save")}</Button>
            <Button onClick={() => leave(() => navigate(-1))}>{translate("actions.cancel", "Cancel")}</Button>
          </Space>
        )}
      </Form>
      </div>
    </Card>
    </EditDocuments>
  );
}
