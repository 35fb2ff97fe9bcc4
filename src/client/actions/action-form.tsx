/**
 * The generated form of an action's input (rjsf with the forms' ajv validator), in its own module so
 * that rjsf and ajv load only when an action asks for more than one field (action-input.tsx).
 */
import type { ReactNode } from "react";
import Form from "@rjsf/antd";
import { DateWidget } from "../pages/DateWidget.js";
import type { RJSFSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { customFormats } from "../../framework/schema.js";
import type { Row } from "../format.js";

const validator = customizeValidator({ customFormats: { ...customFormats } });

export default function ActionForm({ schema, onSubmit, children }: { schema: RJSFSchema; onSubmit: (input: Row) => void; children: ReactNode }) {
  return <Form schema={schema} validator={validator} widgets={{ DateWidget }} onSubmit={({ formData }) => onSubmit({ ...(formData as Row) })}>{children}</Form>;
}
