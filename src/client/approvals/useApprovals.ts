/** The approvals of one record, in step order, and the one awaiting the signed-in user (spec 2.10). */
import { useCan, useInvalidate, useList } from "@refinedev/core";
import type { Row } from "../format.js";

/** a record's chain is a handful of rows; this bounds a runaway one */
const chainLimit = 100;

export function useApprovals(type: string, id: unknown, options: { awaitingMe?: boolean } = {}) {
  // the approvals of a record are readable with the approvals' own permission (module keys)
  const readable = useCan({ resource: "approvals", action: "list" }).data?.can === true;
  const { result, query } = useList<Row>({
    resource: "approvals",
    filters: [
      { field: "approvable_type", operator: "eq", value: type },
      { field: "approvable_id", operator: "eq", value: id },
      ...(options.awaitingMe ? [{ field: "awaiting", operator: "eq" as const, value: "me" }] : []),
    ],
    sorters: [{ field: "step", order: "asc" }, { field: "id", order: "asc" }],
    pagination: { currentPage: 1, pageSize: options.awaitingMe ? 1 : chainLimit },
    errorNotification: false,
    queryOptions: { enabled: readable && id !== undefined },
  });
  return { rows: result.data, loading: readable && query.isLoading };
}

/** After an act or a submit: the record and every approval list read again. */
export function useApprovalsChanged(resourceName: string, id: unknown): () => Promise<void> {
  const invalidate = useInvalidate();
  return async () => {
    await Promise.all([
      invalidate({ resource: "approvals", invalidates: ["list"] }),
      invalidate({ resource: resourceName, id: id as number, invalidates: ["detail"] }),
    ]);
  };
}
