/**
 * A searchable select of a referenced resource's rows, labelled by their names and searched by the
 * resource's search columns (its number and name: `q`), else its title; and a referenced record's
 * name where it is only shown. Never a box for a raw id.
 */
import { useSelect } from "@refinedev/antd";
import { useCan, useOne, useTranslation } from "@refinedev/core";
import { Select } from "antd";
import { mayChoose } from "../../framework/references.js";
import { outlineByName } from "../declarations.js";
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

/**
 * Rows the user may not list are chosen from GET /api/{resource}/options (id and name, when a form
 * the user may write refers to them: framework/references.ts); else not at all.
 */
function UnlistedSelect(props: Props) {
  const { translate } = useTranslation();
  return <Select id={props.id} aria-label={props.label} style={{ width: "100%" }} disabled placeholder={translate("forms.notListable", "Not available to you")} />;
}

export function ReferenceSelect(props: Props) {
  const user = useUser();
  const target = outlineByName.get(props.resource)!;
  const listable = useCan({ resource: target.name, action: "list" }).data;
  if (!listable) return <Select id={props.id} aria-label={props.label} style={{ width: "100%" }} disabled loading />;
  if (listable.can) return <ListedSelect {...props} source={target.name} />;
  return mayChoose(user, target, target.choosers) ? <ListedSelect {...props} source={`${target.name}/options`} /> : <UnlistedSelect {...props} />;
}

/** `source`: the list read, the resource's own or its options (id and name). */
function ListedSelect({ resource, source, value, onChange, id, label, multiple, disabled, status, where }: Props & { source: string }) {
  const target = outlineByName.get(resource)!;
  const { selectProps } = useSelect<Row>({
    resource: source,
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
  const target = outlineByName.get(resource)!;
  const readable = useCan({ resource: target.name, action: "show" }).data?.can === true && id !== null && id !== undefined;
  const { result } = useOne<Row>({ resource: target.name, id: id as number, queryOptions: { enabled: readable } });
  if (id === null || id === undefined) return null;
  return <>{result ? recordName(target, result) : String(id)}</>;
}
