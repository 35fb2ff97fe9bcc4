/** Calls of the pages reached without a session (no token, no company): the answer's data, message and errors. */
export interface PublicAnswer<T> {
  ok: boolean;
  status: number;
  data?: T;
  message?: string;
  errors?: Record<string, string[]>;
}

export async function callPublic<T>(path: string, body?: object): Promise<PublicAnswer<T>> {
  const response = await fetch(path, body === undefined ? undefined : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as Omit<PublicAnswer<T>, "ok" | "status">;
  return { ...answer, ok: response.ok, status: response.status };
}

/** The form-level message of a refused call: its `base` error, else `fallback` when no field names the problem. */
export function baseError(answer: PublicAnswer<unknown>, fallback: string): string | undefined {
  const fields = Object.keys(answer.errors ?? {}).filter((name) => name !== "base");
  return answer.errors?.base?.[0] ?? (fields.length ? undefined : fallback);
}

/** The per-field errors of a refused call, as antd's Form.setFields takes them. */
export const fieldErrors = (answer: PublicAnswer<unknown>) =>
  Object.entries(answer.errors ?? {}).filter(([name]) => name !== "base").map(([name, errors]) => ({ name, errors }));
