/** A bulk operation from an uploaded file: create, update or delete rows of a resource, or replace a list. */
export const importSchema = {
  type: "object",
  additionalProperties: false,
  required: ["kind", "resource_name", "file_name"],
  properties: {
    kind: { type: "string", enum: ["create", "update", "delete", "list"] },
    /** the resource (API name) the rows go to */
    resource_name: { type: "string", minLength: 1, maxLength: 100 },
    file_name: { type: "string", minLength: 1, maxLength: 255 },
    /** the CSV as uploaded (UTF-8 text); kept for the run and the error file, never sent back */
    content: { type: ["string", "null"], maxLength: 5_000_000, writeOnly: true },
    /** the file's header row, in order (server-read from content) */
    headers: { type: "array", maxItems: 1000, items: { type: "string" }, default: [] },
    /** file column header → field of the resource; columns not named here are not imported (server auto-maps what is not given) */
    mapping: { type: "object", additionalProperties: { type: "string" }, default: {} },
    status: { type: "string", enum: ["NEW", "PROCESSING", "DONE", "FAILED"], default: "NEW" },
    total_rows: { type: "integer", minimum: 0, default: 0 },
    processed_rows: { type: "integer", minimum: 0, default: 0 },
    error_rows: { type: "integer", minimum: 0, default: 0 },
    /** per failed row: { row, field, message } */
    errors: {
      type: "array", maxItems: 1000000,
      default: [],
      items: {
        type: "object",
        additionalProperties: false,
        properties: { row: { type: "integer" }, field: { type: "string" }, message: { type: "string" } },
      },
    },
    created_by_user_id: { type: ["integer", "null"], "x-references": "users" },
  },
} as const;
