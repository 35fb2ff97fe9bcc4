"use strict";
/**
 * side-channel for the browser build (vite.config.ts aliases it here): qs, which Refine uses for
 * the list state in the URL, keeps its cycle checks and copies in one. The package's own builds it
 * from get-intrinsic, object-inspect and three fallbacks (~35 KB unminified) for engines without
 * WeakMap; here a WeakMap holds object keys and a Map the rest, behind the same methods.
 */
module.exports = function getSideChannel() {
  let objects;
  let others;
  const isObject = (key) => (typeof key === "object" && key !== null) || typeof key === "function";
  const store = (key, create) => {
    if (isObject(key)) return objects ?? (create ? (objects = new WeakMap()) : undefined);
    return others ?? (create ? (others = new Map()) : undefined);
  };
  const channel = {
    assert(key) {
      if (!channel.has(key)) throw new TypeError(`Side channel does not contain ${isObject(key) ? "the given object key" : String(key)}`);
    },
    delete: (key) => Boolean(store(key, false)?.delete(key)),
    get: (key) => store(key, false)?.get(key),
    has: (key) => Boolean(store(key, false)?.has(key)),
    set(key, value) {
      store(key, true).set(key, value);
    },
  };
  return channel;
};
