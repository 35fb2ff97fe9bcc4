/**
 * What a declared action asks before it runs, from its declaration: its input schema as one small text
 * input (a single text field, e.g. a return code) or a form generated from the schema (rjsf), else its
 * confirmation. One hook for the record buttons (record-actions.tsx) and the list's bulk buttons.
 */
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "@refinedev/core";
import { Button } from "antd";
// the plain input alone (see grid/ListPage.tsx)
import Input from "antd/es/input/Input";
import type { RJSFSchema } from "@rjsf/utils";
import type { RecordAction, ResourceDef } from "../../framework/resource.js";
import { useConfirm } from "../confirm.js";
import { modal } from "../dialogs.js";
import type { Row } from "../format.js";
import { fieldKey } from "../i18n/keys.js";

// rjsf, ajv and the Modal only when a form is asked for: they are not part of a list page's first load
const ActionDialog = lazy(() => import("./action-form.js"));

type Properties = Record<string, { type?: unknown } & object>;
const propertiesOf = (action: RecordAction) => ((action.input as { properties?: Properties } | undefined)?.properties ?? {});

/** The properties of an action's input schema that the user fills in (the button's fixed `body` values are not asked). */
const askedFields = (action: RecordAction) => Object.keys(propertiesOf(action)).filter((field) => !(field in (action.body ?? {})));

const typesOf = (property: { type?: unknown }) => ([] as unknown[]).concat(property.type);

/**
 * The one text field of a trivial input (others, if any, optional and nullable), shown as a small input
 * instead of a form; a field with a format (a date, an amount) gets the form, for its widget.
 */
function textField(action: RecordAction): string | undefined {
  const [first, ...rest] = askedFields(action);
  const properties = propertiesOf(action);
  if (first === undefined || !typesOf(properties[first]).includes("string") || "enum" in properties[first] || "format" in properties[first]) return undefined;
  return rest.every((f) => typesOf(properties[f]).includes("null")) ? first : undefined;
}

/**
 * `ask(action, record?)` resolves with the body to send (the declared `body` and what the user gave),
 * or undefined when they cancelled; `dialog` must be rendered for the generated form.
 */
export function useActionInput(resource: ResourceDef): { ask: (action: RecordAction, record?: Row) => Promise<Row | undefined>; dialog: ReactNode } {
  const { translate } = useTranslation();
  const confirm = useConfirm();
  const [asking, setAsking] = useState<{ action: RecordAction; record: Row; resolve: (input: Row | undefined) => void } | null>(null);
  const label = (field: string) => translate(fieldKey(resource.name, field), field);

  /** The asked part of the input schema, its fields titled in the user's language. */
  const titled = (action: RecordAction): RJSFSchema => {
    const schema = action.input as RJSFSchema;
    const asked = askedFields(action);
    return { ...schema, required: schema.required?.filter((f) => asked.includes(f)), properties: Object.fromEntries(asked.map((f) => [f, { ...(propertiesOf(action)[f] as RJSFSchema), title: label(f) }])) };
  };

  const oneField = (action: RecordAction, field: string) => new Promise<Row | undefined>((resolve) => {
    let value = "";
    modal.confirm({
      title: translate(action.label, action.label),
      content: <Input aria-label={label(field)} placeholder={label(field)} onChange={(e) => (value = e.target.value)} />,
      okText: translate("actions.ok", "OK"),
      cancelText: translate("actions.cancel", "Cancel"),
      onOk: () => resolve({ [field]: value }),
      onCancel: () => resolve(undefined),
    });
  });

  async function ask(action: RecordAction, record: Row = {}): Promise<Row | undefined> {
    const body: Row = { ...(action.body ?? {}) };
    if (!askedFields(action).length) {
      if (action.confirm && !(await confirm(translate(action.confirm, record, action.confirm)))) return undefined;
      return body;
    }
    const field = textField(action);
    const input = field ? await oneField(action, field) : await new Promise<Row | undefined>((resolve) => setAsking({ action, record, resolve }));
    return input && { ...body, ...input };
  }

  const answer = (input: Row | undefined) => {
    asking?.resolve(input);
    setAsking(null);
  };

  const dialog = asking && (
    <Suspense fallback={null}>
      <ActionDialog title={translate(asking.action.label, asking.action.label)} schema={titled(asking.action)} record={asking.record}
        onSubmit={answer} onCancel={() => answer(undefined)}>
        <Button type="primary" htmlType="submit">{translate("actions.ok", "OK")}</Button>
      </ActionDialog>
    </Suspense>
  );
  return { ask, dialog };
}
