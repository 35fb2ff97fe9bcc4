/**
 * Column filters by kind (data spec 9): text contains; numbers ≥ / ≤; dates ≥ / ≤ on the UTC date
 * (a timestamp column takes the whole UTC day: from 00:00:00.000Z to 23:59:59.999Z); status
 * (composite codes included), enum values and record types (resources by their titles) as a multi-select;
 * Has Data / No Data Specified.
 */
import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import { useTranslation } from "@refinedev/core";
import { DatePicker, Flex, Input, InputNumber, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { propertiesOf } from "../../framework/schema.js";
import { codeLabel, resourceLabel } from "../../framework/cell-text.js";
import { outlines } from "../declarations.js";
import { enumOf, fieldKey } from "../i18n/keys.js";
import { fieldKind } from "../registry.js";

type Operator = LogicalFilter["operator"];

/** Has Data / No Data: the API's `<field>_null=false|true`. */
const nullField = (field: string) => `${field}_null`;

type SetFilters = (filters: CrudFilter[]) => void;

/** A date filter's bound: the date itself for a date column, the first or last instant of that UTC day for a timestamp. */
export function utcDateBound(date: string, operator: "gte" | "lte", timestamp: boolean): string {
  if (!timestamp) return date;
  return operator === "gte" ? `${date}T00:00:00.000Z` : `${date}T23:59:59.999Z`;
}

interface Props {
  resource: ResourceDef;
  columns: readonly ColumnDef[];
  filters: readonly CrudFilter[];
  setFilters: SetFilters;
}

export function FilterPanel({ resource, columns, filters, setFilters }: Props) {
  const { translate } = useTranslation();
  const valueOf = (field: string, operator: Operator) =>
    (filters.find((f) => "field" in f && f.field === field && f.operator === operator) as LogicalFilter | undefined)?.value;
  const empty = (value: unknown) => value === "" || value === null || value === undefined || (Array.isArray(value) && !value.length);
  const set = (field: string, operator: Operator, value: unknown) => setFilters([{ field, operator, value: empty(value) ? undefined : value }]);
  /** choices: `in`, also showing an `eq` filter set elsewhere (a dashboard link, a view parameter); setting one clears the other */
  const chosen = (field: string) => {
    const value = valueOf(field, "in") ?? valueOf(field, "eq");
    return empty(value) ? undefined : ([] as unknown[]).concat(value);
  };
  const choose = (field: string, value: unknown) =>
    setFilters([{ field, operator: "eq", value: undefined }, { field, operator: "in", value: empty(value) ? undefined : value }]);

  function control(column: ColumnDef) {
    const { field } = column;
    const label = translate(fieldKey(resource.name, field), field);
    const kind = fieldKind(resource, field);
    const options = (codes: string[]) => codes.map((code) => ({ value: code, label: codeLabel(translate, resource, field, code) }));
    const select = (choices: { value: string; label: string }[], multiple = true) => (
      <Select aria-label={label} mode={multiple ? "multiple" : undefined} allowClear style={{ minWidth: 180 }} options={choices} optionFilterProp="label"
        value={multiple ? chosen(field) : valueOf(field, "eq")} onChange={(v) => (multiple ? choose(field, v) : set(field, "eq", v))} />
    );
    const range = (render: (operator: "gte" | "lte", placeholder: string) => ReactNode) => (
      <Space.Compact>{render("gte", "≥")}{render("lte", "≤")}</Space.Compact>
    );
    switch (kind) {
      case "status": {
        const statuses = resource.statuses;
        const codes = [...(statuses?.values.map((s) => s.code) ?? []), ...Object.keys(statuses?.composites ?? {})];
        return select(options(codes));
      }
      case "enum": {
        const values = enumOf(propertiesOf(resource)[field]);
        if (values.length) return select(options(values));
        break;
      }
      case "resource":
        // the tables records live in: a view (the new inbox) writes its table's name
        return select(outlines.filter((r) => !r.table).map((r) => ({ value: r.name, label: resourceLabel(translate, r.name) }))
          .sort((a, b) => a.label.localeCompare(b.label)));
      case "boolean":
        return select([{ value: "true", label: translate("common.yes", "Yes") }, { value: "false", label: translate("common.no", "No") }], false);
      case "number":
      case "money":
        return range((operator, placeholder) => (
          <InputNumber key={operator} aria-label={`${label} ${placeholder}`} placeholder={placeholder} stringMode style={{ width: 110 }}
            value={valueOf(field, operator) as string | undefined} onChange={(v) => set(field, operator, v)} />
        ));
      case "date":
      case "datetime":
        return range((operator, placeholder) => {
          const value = valueOf(field, operator) as string | undefined;
          return <DatePicker key={operator} aria-label={`${label} ${placeholder}`} placeholder={placeholder} style={{ width: 140 }}
            value={value ? dayjs(value.slice(0, 10)) : null}
            onChange={(d) => set(field, operator, d ? utcDateBound(d.format("YYYY-MM-DD"), operator, kind === "datetime") : undefined)} />;
        });
    }
    return <Input.Search aria-label={label} allowClear style={{ width: 180 }} defaultValue={valueOf(field, "contains") as string | undefined}
      onSearch={(v) => set(field, "contains", v)} />;
  }

  return (
    <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
      {columns.map((column) => (
        <Flex vertical key={column.field} gap={4}>
          <Typography.Text type="secondary">{translate(fieldKey(resource.name, column.field), column.field)}</Typography.Text>
          <Space.Compact>
            {control(column)}
            <Select aria-label={translate("grid.data", "Data")} allowClear style={{ width: 120 }} placeholder={translate("grid.data", "Data")}
              value={valueOf(nullField(column.field), "eq")} onChange={(v) => set(nullField(column.field), "eq", v)}
              options={[
                { value: "false", label: translate("grid.hasData", "Has Data") },
                { value: "true", label: translate("grid.noData", "No Data Specified") },
              ]} />
          </Space.Compact>
        </Flex>
      ))}
    </Flex>
  );
}
