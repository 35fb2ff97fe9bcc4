/// <reference types="vite/client" />
/**
 * The resources as the client knows them (docs/client.md "First load"): every outline from the start
 * (the shell's: menu, routes, guards, links), each full declaration on demand (a page's: schema,
 * columns, forms, lines, actions) with its texts. `loadResources` fetches declarations into the cache,
 * `useResources` holds a page back until its own are there, and `resourceByName` reads the cache
 * for code that runs once its page has loaded them.
 */
import { use, useEffect, useState } from "react";
import type { ResourceOutline } from "../framework/outline.js";
import type { PageKind, ResourceDef } from "../framework/resource.js";
import { loadTexts } from "./i18n/texts.js";
import { outlines } from "./outlines.js";

export { outlines };
export const outlineByName: ReadonlyMap<string, ResourceOutline> = new Map(outlines.map((o) => [o.name, o]));

// resources/<name>.ts declares the resource <name> (tests/unit/outlines.test.ts); index.ts is the whole registry, the server's
const files = import.meta.glob<ResourceDef>(["../../resources/*.ts", "!../../resources/index.ts"], { import: "default" });

const loaded = new Map<string, ResourceDef>();
/** The declarations loaded so far. */
export const resourceByName: ReadonlyMap<string, ResourceDef> = loaded;

const pending = new Map<string, Promise<ResourceDef[]>>();

async function loadOne(name: string): Promise<ResourceDef> {
  const load = files[`../../resources/${name}.ts`];
  if (!load) throw new Error(`No resource "${name}"`);
  // its texts with it (and its table's, which label a view's codes: cell-text.ts codeLabel), so a page
  // renders once they are there, never a raw field name or code
  const table = outlineByName.get(name)?.table;
  const [def] = await Promise.all([load(), loadTexts(table ? [name, table] : [name])]);
  loaded.set(name, def);
  return def;
}

/** The declarations of `names`, in order, fetched once (a failed fetch is tried again next time). */
export function loadResources(names: readonly string[]): Promise<ResourceDef[]> {
  const key = names.join(",");
  let promise = pending.get(key);
  if (!promise) {
    promise = Promise.all(names.map(loadOne));
    pending.set(key, promise);
    promise.catch(() => pending.delete(key));
  }
  return promise;
}

/**
 * The declarations of `names`, suspending the component until they are loaded. Those already loaded
 * are returned at once: suspending on them would let React hold the page back for its fallback
 * throttle (about 300 ms; see pages/ResourcePage.tsx).
 */
export function useResources(names: readonly string[]): ResourceDef[] {
  const defs = names.map((name) => loaded.get(name));
  return defs.every((def) => def !== undefined) ? defs : use(loadResources(names));
}

/**
 * The declaration of `name` when loaded, without suspending: undefined until then (the component
 * renders again once it is there). For the shell's parts that show more once a page has loaded it.
 */
export function useLoadedResource(name: string | undefined): ResourceDef | undefined {
  const [, rendered] = useState(0);
  const def = name ? loaded.get(name) : undefined;
  useEffect(() => {
    if (name && !def) loadResources([name]).then(() => rendered((n) => n + 1), () => undefined);
  }, [name, def]);
  return def;
}

/** The declarations a page of `outline` renders: a list its own; a record page or form those it refers to too. */
export const pageResources = (outline: ResourceOutline, page: PageKind): string[] =>
  page === "list" ? [outline.name] : [outline.name, ...outline.refs];
