/**
 * The first load of `/invoices`, from the built client (`npm run build:client` writes
 * dist/client/.vite/manifest.json): the entry's chunk and CSS, every chunk it imports statically,
 * and the chunks the invoice list route needs (the lazy list page, the invoices' declaration and English texts,
 * and their static imports).
 * Prints each file's raw and gzip size and the totals; `--json` prints the totals only.
 * The e2e budget test (tests/e2e/bundle-budget.test.ts) measures the same in Chromium.
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

/** Source modules of the routes measured besides the entry: the lazy page `/invoices` renders. */
export const invoicesRoute = ["grid/ListPage.tsx"];
/** The declarations that page loads (src/client/declarations.ts), with their English texts: the invoice list's own. */
export const invoicesDeclarations = ["invoices"];

/**
 * The manifest's chunk of resources/<name>.ts: the module's own when only loaded on demand; else (the
 * module imported by other chunks as well) the shared chunk named after it that the entry loads on demand.
 */
function declarationChunk(manifest: Record<string, Chunk>, entry: string, name: string): string {
  const own = `../../resources/${name}.ts`;
  if (manifest[own]) return own;
  const shared = (manifest[entry]!.dynamicImports ?? []).find((key) => manifest[key]!.name === name);
  if (!shared) throw new Error(`the manifest has no chunk of the resource ${name}`);
  return shared;
}

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
  for (const key of [entry, ...routeModules, ...declarations.map((name) => declarationChunk(manifest, entry, name)), ...texts]) visit(key);
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
