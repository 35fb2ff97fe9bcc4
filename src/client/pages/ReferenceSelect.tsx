/**
 * A searchable select of a referenced resource's rows, labelled by their names and searched by the
 * resource's search columns (its number and name: `q`), else its title; and a referenced record's
 * name where it is only shown. Never a box for a raw id: rows the user may not list are not offered,
 * except the user's own contact (an expense's employee, a receipt's "received by").
 */
import { useSelect } from "@refinedev/antd";
import { useOne, useTranslation } from "@refinedev/core";
import { Select } from "antd";
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

/** Rows of a resource the user may not list: only the user's own contact can be chosen. */
function UnlistedSelect({ resource, value, onChange, id, label, multiple, disabled, status }: Props) {
  const user = useUser();
  const { translate } = useTranslation();
  const own = resource === "contacts" ? [{ value: user.contact.id, label: user.name }] : [];
  const current = value !== null && value !== undefined && value !== user.contact.id && !Array.isArray(value)
    ? [{ value: value as number, label: <ReferenceName resource={resource} id={value} /> }] : [];
  return (
    <Select id={id} aria-label={label} mode={multiple ? "multiple" : undefined} allowClear style={{ width: "100%" }} status={status}
      options={[...own, ...current]} value={(value ?? undefined) as never} onChange={(v) => onChange(v ?? undefined)}
      disabled={disabled || (!own.length && !current.length)}
      placeholder={own.length ? undefined : translate("forms.notListable", "Not available to you")} />
  );
}

export function ReferenceSelect(props: Props) {
  const user = useUser();
  return canAct(user, resourceByName.get(props.resource)!, "list") ? <ListedSelect {...props} /> : <UnlistedSelect {...props} />;
}

function ListedSelect({ resource, value, onChange, id, label, multiple, disabled, status, where }: Props) {
  const target = resourceByName.get(resource)!;
  const { selectProps } = useSelect<Row>({
    resource: target.name,
    optionLabel: (row) => recordName(target, row),
    optionValue: "id",
    defaultValue: (value ?? undefined) as never,
    pagination: { pageSize: 50 },
    filters: Object.entries(where ?? {}).map(([field, v]) => ({ field, operator: "eq" as const, value: v })),
    sorters: [{ field: target.title, order: "asc" }],
    onSearch: (search) => [target.search?.length
      ? { field: "q", operator: "eq", value: search || undefined }
      : { field: target.title, operator: "contains", value: search }],
  });
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
