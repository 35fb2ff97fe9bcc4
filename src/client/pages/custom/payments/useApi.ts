/**
 * A GET of the API for the hand-written payment screens, without the error notification: a list a
 * screen only offers choices from (payment methods, credits) may be closed to the user, and the
 * screen then offers none. `reload()` or a new `version` fetches again (the last answer stays
 * until the new one arrives); `url` null fetches nothing.
 */
import { useCallback, useEffect, useState } from "react";
import { http } from "../../../http.js";

export interface ApiState<T> {
  data?: T;
  loading: boolean;
  /** the HTTP status of a failure (0 = network) */
  failed: number | null;
  reload: () => void;
}

interface Answer<T> {
  /** which request this answers: the url and the reload generation */
  key: string;
  data?: T;
  failed: number | null;
}

/** `version`: a value whose change means the answer is stale (e.g. the record's updated_at). */
export function useApi<T>(url: string | null, version = ""): ApiState<T> {
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ key: "", failed: null });
  const key = `${url ?? ""}#${generation}#${version}`;
  useEffect(() => {
    if (url === null) return;
    let current = true;
    http.get<T>(url, { silent: true }).then(
      ({ data }) => current && setAnswer({ key, data, failed: null }),
      (error: { statusCode?: number }) => current && setAnswer({ key, failed: error.statusCode ?? 0 }),
    );
    return () => {
      current = false;
    };
  }, [url, key]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: answer.data, failed: answer.failed, loading: url !== null && answer.key !== key, reload };
}

/** `field=a&field=b`: the list grammar's IN filter. */
export const anyOf = (field: string, values: readonly (string | number)[]) =>
  [...new Set(values)].map((v) => `${encodeURIComponent(field)}=${encodeURIComponent(String(v))}`).join("&");
