/**
 * rc-field-form for the browser build (vite.config.ts aliases it here). Its index attaches every
 * part to the default export at load time, so antd's ConfigProvider, which needs only FormProvider,
 * brought the whole form engine and its validator into the first load. The same exports, each from
 * its own module: the form engine loads with the first page that renders a form.
 */
export { FormProvider } from "rc-field-form/es/FormContext.js";
export { default as Field } from "rc-field-form/es/Field.js";
export { default as List } from "rc-field-form/es/List.js";
export { default as useForm } from "rc-field-form/es/useForm.js";
export { default as useWatch } from "rc-field-form/es/useWatch.js";
export { default as FieldContext } from "rc-field-form/es/FieldContext.js";
export { default as ListContext } from "rc-field-form/es/ListContext.js";
export { default } from "rc-field-form/es/index.js";
