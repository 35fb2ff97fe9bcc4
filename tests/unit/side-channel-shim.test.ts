/**
 * The browser build's side-channel (src/client/shims/side-channel.cjs, aliased in vite.config.ts):
 * its own methods, and qs running on it as Refine uses qs for the list state in the URL.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const shimPath = require.resolve("../../src/client/shims/side-channel.cjs");
const getSideChannel = require(shimPath) as () => {
  assert(key: unknown): void; delete(key: unknown): boolean; get(key: unknown): unknown; has(key: unknown): boolean; set(key: unknown, value: unknown): void;
};

/** qs loaded afresh with side-channel resolved to the shim, as the bundle resolves it. */
function qsOnShim(): { parse(s: string, o?: object): Record<string, unknown>; stringify(v: object, o?: object): string } {
  const qsRequire = createRequire(require.resolve("qs"));
  const sideChannel = qsRequire.resolve("side-channel");
  const saved = require.cache[sideChannel];
  for (const key of Object.keys(require.cache)) if (key.includes("/node_modules/qs/")) delete require.cache[key];
  require.cache[sideChannel] = { id: sideChannel, filename: sideChannel, loaded: true, exports: require(shimPath) } as NodeJS.Module;
  try {
    return qsRequire("qs");
  } finally {
    if (saved) require.cache[sideChannel] = saved;
    else delete require.cache[sideChannel];
  }
}

describe("side-channel shim", () => {
  it("keeps values under object and primitive keys", () => {
    const channel = getSideChannel();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(channel.get("a")).toBeUndefined();
    channel.set(key, 1);
    channel.set("a", 2);
    expect([channel.get(key), channel.get("a"), channel.has(key), channel.has({})]).toEqual([1, 2, true, false]);
    expect(() => channel.assert(key)).not.toThrow();
    expect(() => channel.assert("b")).toThrow(TypeError);
    expect(channel.delete(key)).toBe(true);
    expect(channel.delete(key)).toBe(false);
    expect(channel.has(key)).toBe(false);
  });

  it("runs qs as Refine does: the table state round-trips, a cycle is refused", () => {
    const qs = qsOnShim();
    const state = {
      currentPage: "2", pageSize: "20",
      sorters: [{ field: "due_date", order: "asc" }],
      filters: [{ field: "status", operator: "in", value: ["NEW", "APPROVED"] }, { field: "vendor.name", operator: "contains", value: "Acme & Co" }],
    };
    const search = qs.stringify(state, { encodeValuesOnly: true, arrayFormat: "indices" });
    expect(search).toContain("filters[0][value][1]=APPROVED");
    expect(qs.parse(search, { depth: 5 })).toEqual(state);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => qs.stringify(cyclic)).toThrow(RangeError);
  });
});
