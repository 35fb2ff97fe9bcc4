/**
 * The form's layout: its fields in sections by what they hold (details, dates, amounts, notes), two
 * columns on a wide screen and one on a phone; long texts take the whole row. The rule is read from
 * the schema, so every generated form gets it without a declaration; show pages use it too (../show/sections.ts).
 */
import { Col, Divider, Row } from "antd";
import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { useTranslation } from "@refinedev/core";
import type { Property } from "../../../framework/schema.js";

export const sectionOrder = ["details", "dates", "amounts", "notes"] as const;
export type Section = (typeof sectionOrder)[number];

/** From this many characters a text is a note: a text area in a form, a whole row on a show page. */
export const longText = 1000;

/** A property's section: long texts are notes, dates and amounts (money, numbers, currency) their own. */
export function sectionOf(property: Property): Section {
  const types = ([] as unknown[]).concat(property.type ?? []);
  if ((property.maxLength ?? 0) >= longText) return "notes";
  if (property.format === "date" || property.format === "date-time") return "dates";
  if (property["x-references"]) return "details";
  if (property.format === "money" || property.format === "decimal" || property.pattern === currencyPattern || types.includes("number")) return "amounts";
  if (property.items || property.properties) return "notes";
  return "details";
}

/** The schemas' currency code: a select of currencies (CurrencyWidget). */
export const currencyPattern = "^[A-Z]{3}$";

/** The root object's template: `ui:options.sections` maps each field to its section. */
export function SectionsTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const { translate } = useTranslation();
  const sections = (uiSchema?.["ui:options"]?.sections ?? {}) as Record<string, Section>;
  const shown = properties.filter((p) => !p.hidden);
  const used = sectionOrder.filter((s) => shown.some((p) => (sections[p.name] ?? "details") === s));
  return (
    <>
      {properties.filter((p) => p.hidden).map((p) => p.content)}
      {used.map((section) => (
        <div key={section}>
          {used.length > 1 ? <Divider orientation="left" orientationMargin={0} plain style={{ marginTop: 4 }}>{translate(`forms.sections.${section}`, section)}</Divider> : null}
          <Row gutter={24}>
            {shown.filter((p) => (sections[p.name] ?? "details") === section).map((p) => (
              <Col key={p.name} xs={24} lg={section === "notes" ? 24 : 12}>{p.content}</Col>
            ))}
          </Row>
        </div>
      ))}
    </>
  );
}
