/**
 * The first load of `/invoices`, from the built client (`npm run build:client` writes
 * dist/client/.vite/manifest.json): the entry's chunk and CSS, every chunk it imports statically,
 * and the chunks the invoice list route needs (the lazy list page, the invoices' declaration and English texts,
 * and their static imports).
 * Prints each file's raw and gzip size and the totals; `--json` prints the totals only.
 * The e2e budget test (tests/e2e/first-load.test.ts) measures the same in Chromium.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { textsId } from "./locale-split.js";

interface Chunk {
  file: string;
  css?: string[];
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The routes measured besides the entry: the lazy page `/invoices` renders, by its source module and
 * the name of the chunk holding it when not its own (the `list` group of vite.config.ts).
 */
export const invoicesRoute = [{ module: "grid/ListPage.tsx", chunk: "list" }];
/** The declarations that page loads (src/client/declarations.ts), with their English texts: the invoice list's own. */
export const invoicesDeclarations = ["invoices"];

/**
 * The manifest's chunk of a module the entry loads on demand: the module's own; else (the module in a
 * chunk with others) the chunk named `name` that the entry loads on demand.
 */
function onDemandChunk(manifest: Record<string, Chunk>, entry: string, module: string, name: string): string {
  if (manifest[module]) return module;
  const shared = (manifest[entry]!.dynamicImports ?? []).find((key) => manifest[key]!.name === name);
  if (!shared) throw new Error(`the manifest has no chunk of ${module}`);
  return shared;
}

/**
 * The manifest's chunk of resources/<name>.ts: the module's own when only loaded on demand; else (the
 * module imported by other chunks as well) the shared chunk named after it.
 */
const declarationChunk = (manifest: Record<string, Chunk>, entry: string, name: string) =>
  onDemandChunk(manifest, entry, `../../resources/${name}.ts`, name);

export function firstLoadFiles(clientDir: string, routeModules = invoicesRoute, declarations = invoicesDeclarations): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error("the manifest has no entry");
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const texts = declarations.map((name) => `../../${textsId("en", name)}`);
  const routes = routeModules.map(({ module, chunk }) => onDemandChunk(manifest, entry, module, chunk));
  for (const key of [entry, ...routes, ...declarations.map((name) => declarationChunk(manifest, entry, name)), ...texts]) visit(key);
  return [...files];
}

export interface Size { file: string; raw: number; gzip: number }

export function firstLoadSize(clientDir: string): { files: Size[]; raw: number; gzip: number } {
  const files = firstLoadFiles(clientDir).map((file) => {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(import.meta.dirname, "../dist/client");
  const size = firstLoadSize(clientDir);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ raw: size.raw, gzip: size.gzip }));
  } else {
    for (const f of size.files.sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(f.gzip).padStart(10)} gzip ${kb(f.raw).padStart(10)} raw  ${f.file}`);
    console.log(`${kb(size.gzip).padStart(10)} gzip ${kb(size.raw).padStart(10)} raw  first load of /invoices (${size.files.length} files)`);
  }
}
