/** Column filters by kind (text contains, numbers and dates ≥/≤, status and enum IN, Has Data / No Data). */
import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import { useTranslation } from "@refinedev/core";
import { DatePicker, Flex, Input, InputNumber, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDef, ResourceDef } from "../../framework/resource.js";
import { propertiesOf } from "../../framework/schema.js";
import { enumOf, fieldKey, statusKey, valueKey } from "../i18n/keys.js";
import { fieldKind } from "../registry.js";

type Operator = LogicalFilter["operator"];

/** Has Data / No Data: the API's `<field>_null=false|true`. */
const nullField = (field: string) => `${field}_null`;

type SetFilters = (filters: CrudFilter[]) => void;

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
  const set = (field: string, operator: Operator, value: unknown) =>
    setFilters([{ field, operator, value: value === "" || value === null || (Array.isArray(value) && !value.length) ? undefined : value }]);

  function control(column: ColumnDef) {
    const { field } = column;
    const label = translate(fieldKey(resource.name, field), field);
    const kind = fieldKind(resource, field);
    const options = (codes: string[], key: (code: string) => string) =>
      codes.map((code) => ({ value: code, label: translate(key(code), code) }));
    const choose = (choices: { value: string; label: string }[], operator: Operator = "in") => (
      <Select aria-label={label} mode={operator === "in" ? "multiple" : undefined} allowClear style={{ minWidth: 180 }}
        options={choices} value={valueOf(field, operator)} onChange={(v) => set(field, operator, v)} />
    );
    const range = (render: (operator: "gte" | "lte", placeholder: string) => ReactNode) => (
      <Space.Compact>{render("gte", "≥")}{render("lte", "≤")}</Space.Compact>
    );
    switch (kind) {
      case "status": {
        const statuses = resource.statuses;
        const codes = [...(statuses?.values.map((s) => s.code) ?? []), ...Object.keys(statuses?.composites ?? {})];
        return choose(options(codes, (code) => statusKey(resource.name, code)));
      }
      case "enum": {
        const values = enumOf(propertiesOf(resource)[field]);
        if (values.length) return choose(options(values, (v) => valueKey(resource.name, field, v)));
        break;
      }
      case "boolean":
        return choose([{ value: "true", label: translate("common.yes", "Yes") }, { value: "false", label: translate("common.no", "No") }], "eq");
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
            value={value ? dayjs(value) : null} onChange={(d) => set(field, operator, d?.format("YYYY-MM-DD"))} />;
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
                { value: "true", label: translate("grid.noData", "No Data") },
              ]} />
          </Space.Compact>
        </Flex>
      ))}
    </Flex>
  );
}
