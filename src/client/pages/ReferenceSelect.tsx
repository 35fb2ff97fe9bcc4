/**
 * A searchable select of a referenced resource's rows, labelled by their names (a number input when the
 * user may not list them); and a referenced record's name where it is only shown.
 */
import { useSelect } from "@refinedev/antd";
import { useOne } from "@refinedev/core";
import { InputNumber, Select } from "antd";
import { canAct } from "../../framework/permissions.js";
import { resourceByName } from "../../../resources/index.js";
import type { Row } from "../format.js";
import { recordName } from "../registry.js";
import { useUser } from "../user.js";

interface Props {
  resource: string;
  value: unknown;
  onChange: (value: unknown) => void;
  id?: string;
  label?: string;
  multiple?: boolean;
  disabled?: boolean;
  status?: "error";
  /** only the rows with these field values are offered (an action's `x-match`: the accrual's vendor's invoices) */
  where?: Readonly<Record<string, unknown>>;
}

export function ReferenceSelect({ resource, value, onChange, id, label, multiple, disabled, status, where }: Props) {
  const user = useUser();
  const target = resourceByName.get(resource)!;
  const listable = canAct(user, target, "list");
  const { selectProps } = useSelect<Row>({
    resource: target.name,
    optionLabel: (row) => recordName(target, row),
    optionValue: "id",
    defaultValue: (value ?? undefined) as never,
    pagination: { pageSize: 50 },
    filters: Object.entries(where ?? {}).map(([field, v]) => ({ field, operator: "eq" as const, value: v })),
    sorters: [{ field: target.title, order: "asc" }],
    onSearch: (search) => [{ field: target.title, operator: "contains", value: search }],
    queryOptions: { enabled: listable },
  });
  if (!listable) return <InputNumber id={id} aria-label={label} value={value as number} onChange={(v) => onChange(v ?? undefined)} disabled={disabled} status={status} />;
  return (
    <Select {...selectProps} id={id} aria-label={label} mode={multiple ? "multiple" : undefined} allowClear style={{ width: "100%" }}
      value={(value ?? undefined) as never} onChange={(v) => onChange(v ?? undefined)} disabled={disabled} status={status} />
  );
}

/** The name of the referenced record `id` (its id while it loads, or when the user may not read it). */
export function ReferenceName({ resource, id }: { resource: string; id: unknown }) {
  const user = useUser();
  const target = resourceByName.get(resource)!;
  const readable = id !== null && id !== undefined && canAct(user, target, "show");
  const { result } = useOne<Row>({ resource: target.name, id: id as number, queryOptions: { enabled: readable } });
  if (id === null || id === undefined) return null;
  return <>{result ? recordName(target, result) : String(id)}</>;
}
