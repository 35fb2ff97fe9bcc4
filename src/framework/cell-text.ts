/**
 * A field's value as a person reads it, one rule for every place that shows or exports a row: the
 * list cells and show pages in the browser, and the server's exports (CSV, xlsx). Money in the
 * row's currency, dates in the company's format (exports: data spec 2's MM/DD/YYYY), status and enum
 * codes through their labels, card numbers masked.
 */
import { valueAt } from "./conditions.js";
import { formatDate, formatDateTime } from "./dates.js";
import { formatMoney } from "./money-format.js";
import { isFunctionalAmount, tableOf, type ColumnKind, type PageKind, type ResourceDef } from "./resource.js";
import { propertyAt } from "./schema.js";

export type FieldKind = ColumnKind | "object";
export type Row = Record<string, unknown>;

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How a field is shown: the column's kind, else what the schema (or the value) says. */
export function fieldKind(resource: ResourceDef, field: string, value?: unknown): FieldKind {
  const column = resource.columns.find((c) => c.field === field);
  if (column?.kind) return column.kind;
  if (field === resource.statuses?.field) return "status";
  if (field === "created_at" || field === "updated_at") return "datetime";
  const property = propertyAt(resource, field);
  const type = Array.isArray(property?.type) ? property.type.find((t) => t !== "null") : property?.type;
  if (property?.format === "money") return "money";
  if (property?.format === "date") return "date";
  if (property?.format === "date-time") return "datetime";
  if (property?.format === "decimal") return "number";
  if (property?.enum) return "enum";
  if (type === "boolean" || typeof value === "boolean") return "boolean";
  if ((type === "integer" || type === "number") && !property?.["x-references"]) return "number";
  if (value !== null && typeof value === "object") return "object";
  // computed fields have no schema: amounts travel as decimal strings with two places, timestamps as ISO 8601
  if (!property && typeof value === "string" && /^-?\d+\.\d{2}$/.test(value)) return "money";
  if (!property && typeof value === "string" && isoTimestamp.test(value)) return "datetime";
  // and codes in upper case (a payment's approval status): shown by their label where the locale has one, else as they are
  if (!property && typeof value === "string" && /^[A-Z][A-Z0-9_]*$/.test(value)) return "enum";
  return "text";
}

/** The i18n keys of a field, a status and an enum value (the scheme of src/client/i18n/keys.ts). */
export const fieldKey = (resource: string, field: string) => `${resource}.fields.${field.replace(/\./g, "_")}`;
export const statusKey = (resource: string, code: string) => `${resource}.statuses.${code}`;
export const valueKey = (resource: string, field: string, value: string) => `${resource}.values.${field}.${value}`;
export const titleKey = (resource: string, page: PageKind) => `${resource}.titles.${page}`;

/** A resource named as a person reads it: the title of one of its records ("Invoice"), else of its list. */
export const resourceLabel = (translate: (key: string, fallback: string) => string, name: string): string =>
  translate(titleKey(name, "show"), translate(titleKey(name, "list"), name));

/** data spec 9: card numbers show masked, as four groups with only the last 4 digits. */
export const maskCard = (last4: unknown) => `**** **** **** ${String(last4).slice(-4).padStart(4, "*")}`;

const plain = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * A small object as text: `key: value; …`. An audit diff (`{status: ["PENDING", "PAID"]}`, every
 * value an [old, new] pair) reads `status: PENDING → PAID`.
 */
export function pairs(value: Row): string {
  const entries = Object.entries(value);
  const diff = entries.length > 0 && entries.every(([, v]) => Array.isArray(v) && v.length === 2);
  return entries.map(([key, v]) => `${key}: ${diff ? (v as unknown[]).map(plain).join(" → ") : Array.isArray(v) ? v.map(plain).join(", ") : plain(v)}`).join("; ");
}

/** Where a money field's currency is: the column's `currency` path, else the row's currency_code. */
export const currencyPath = (resource: ResourceDef, field: string) =>
  resource.columns.find((c) => c.field === field)?.currency ?? "currency_code";

/**
 * The BCP 47 locale of numbers and money: the language's convention (Spanish: 1.234,56), else the
 * company currency's where it has one (a euro company: 1.234,56 € for an English user too), else
 * the US one (1,234.56). Grouping is always on: es-ES alone would leave 1234,56 ungrouped.
 */
const languageConventions: Readonly<Record<string, string>> = { es: "es-ES" };
const currencyConventions: Readonly<Record<string, string>> = { EUR: "de-DE" };
export const numberLocaleOf = (language: string, companyCurrency = "") =>
  languageConventions[language] ?? currencyConventions[companyCurrency] ?? "en-US";

export interface CellTextOptions {
  /** the company's currency (money without one of its own) and date format */
  company: { currency_code: string; company_date_format: string };
  translate: (key: string, fallback: string) => string;
  /** BCP 47 locale of numbers and money */
  numberLocale: string;
}

/**
 * A status or enum code as a person reads it, in cells, filters and tags alike. One label per code:
 * a view (the new inbox) says a code as the resource of its table (invoices) does, unless it has its own.
 */
export function codeLabel(translate: (key: string, fallback: string) => string, resource: ResourceDef, field: string, code: string): string {
  const codes = resource.columns.find((c) => c.field === field)?.codes;
  if (codes) return translate(`${codes}.${code}`, code);
  const key = field === resource.statuses?.field ? statusKey : (name: string, c: string) => valueKey(name, field, c);
  return translate(key(resource.name, code), translate(key(tableOf(resource), code), code));
}

export function cellTexts({ company, translate, numberLocale }: CellTextOptions) {
  const label = (resource: ResourceDef, field: string, value: unknown) => codeLabel(translate, resource, field, String(value));

  /** A field's value as text; `row` gives the currency, `dateFormat` overrides the company's (exports use MM/DD/YYYY). */
  function format(resource: ResourceDef, field: string, value: unknown, row: Row, dateFormat: string = company.company_date_format): string {
    if (value === null || value === undefined || value === "") return "";
    switch (fieldKind(resource, field, value)) {
      case "money": {
        const currency = isFunctionalAmount(resource, field) ? company.currency_code : valueAt(row, currencyPath(resource, field));
        return formatMoney(value as string, typeof currency === "string" && currency ? currency : company.currency_code, numberLocale);
      }
      case "number": return new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 8, useGrouping: "always" }).format(Number(value));
      case "date": return formatDate(String(value), dateFormat);
      case "datetime": return formatDateTime(String(value), dateFormat);
      case "status":
      case "enum": return label(resource, field, value);
      case "boolean": {
        // a flag may name its two states in words of its own (fully matched: "Matched" / "Not matched")
        const plain = value ? translate("common.yes", "Yes") : translate("common.no", "No");
        return translate(valueKey(resource.name, field, String(Boolean(value))), plain);
      }
      case "card": return maskCard(value);
      case "resource": return resourceLabel(translate, String(value));
      case "object":
        return Array.isArray(value) ? value.filter((v) => typeof v !== "object").map((v) => label(resource, field, v)).join(", ") : pairs(value as Row);
      default: return String(value);
    }
  }

  const text = (resource: ResourceDef, field: string, row: Row, dateFormat?: string) =>
    format(resource, field, valueAt(row, field), row, dateFormat);

  return { format, text };
}
