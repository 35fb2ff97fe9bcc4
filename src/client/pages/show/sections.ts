/**
 * A show page's sections: the form's (../form/sections.tsx: details, dates, amounts, notes, read from
 * the schema), then Breakdown, for lists of items shown as small tables (GL coding, a budget's
 * consuming orders), then Record, for who and when: the id, the time stamps and the people who
 * created, submitted or acknowledged it. Fields without a schema (computed) go by the kind of their value.
 */
import { fieldKind } from "../../../framework/cell-text.js";
import type { ResourceDef } from "../../../framework/resource.js";
import { propertiesOf } from "../../../framework/schema.js";
import { sectionOf, sectionOrder } from "../form/sections.js";

export const showSectionOrder = [...sectionOrder, "breakdown", "record"] as const;
export type ShowSection = (typeof showSectionOrder)[number];

const aboutTheRecord = (field: string) => field === "id" || field === "created_at" || field === "updated_at" || /_by(_user)?_id$/.test(field);

export function showSectionOf(resource: ResourceDef, field: string, value: unknown): ShowSection {
  if (aboutTheRecord(field)) return "record";
  if (Array.isArray(value) && value.some((item) => item !== null && typeof item === "object")) return "breakdown";
  const property = propertiesOf(resource)[field];
  if (property) return sectionOf(property);
  switch (fieldKind(resource, field, value)) {
    case "money":
    case "number": return "amounts";
    case "date":
    case "datetime": return "dates";
    case "object": return "notes";
    default: return "details";
  }
}
