/**
 * Saved grid layouts (data spec, general list behaviour): hidden columns and page size per list and
 * user under `ai.grid.<resource>.<userId>`; a one-time reset key clears layouts saved before it.
 * The filter-panel preference defaults to off.
 */
import { useState } from "react";

const prefix = "ai.grid.";
const resetKey = `${prefix}resetDefaultState_1`;
const filterPanelKey = "outlay.gridFilterPanel";

export function resetOldLayouts(storage: Storage = localStorage): void {
  if (storage.getItem(resetKey)) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k?.startsWith(prefix));
  for (const key of keys) storage.removeItem(key);
  storage.setItem(resetKey, "1");
}

interface GridLayout {
  hidden: string[];
  pageSize: number;
}

const layoutKey = (resource: string, userId: number) => `${prefix}${resource}.${userId}`;

function load<T>(key: string, fallback: T): T {
  try {
    const saved = localStorage.getItem(key);
    return saved ? { ...fallback, ...(JSON.parse(saved) as T) } : fallback;
  } catch {
    return fallback;
  }
}

/** A state saved in localStorage under `key`. */
function useStored<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => load(key, fallback));
  return [value, (next) => {
    localStorage.setItem(key, JSON.stringify(next));
    setValue(next);
  }];
}

export const useGridLayout = (resource: string, userId: number, defaults: GridLayout) =>
  useStored(layoutKey(resource, userId), defaults);

export function useFilterPanel(): [boolean, (open: boolean) => void] {
  const [state, setState] = useStored(filterPanelKey, { open: false });
  return [state.open, (open) => setState({ open })];
}
