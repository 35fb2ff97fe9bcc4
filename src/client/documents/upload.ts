/** The one way a file reaches a record: POST /api/documents/upload (the server checks type, size, name and the right to attach). */
import type { Row } from "../format.js";
import { http } from "../http.js";

export async function uploadDocument(parentType: string, parentId: unknown, file: File): Promise<Row> {
  const form = new FormData();
  form.append("assetable_type", parentType);
  form.append("assetable_id", String(parentId));
  form.append("file", file, file.name);
  return (await http.post<Row>("/api/documents/upload", form, { silent: true })).data;
}

/** The server's words for a refused upload (422 per field, 413, 403 base), one line each. */
export function refusal(error: unknown): string {
  const body = (error as { errors?: Record<string, string[]> }).errors;
  if (!body) return String((error as Error).message);
  return Object.entries(body).map(([field, messages]) => (field === "base" ? messages.join(", ") : `${field === "file" ? "File" : field} ${messages.join(", ")}`)).join("\n");
}
