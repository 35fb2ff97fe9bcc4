/**
 * A Vite plugin writing brotli (.br) and gzip (.gz) copies of the built client's text files next to
 * them, once at build time, so the server (`preCompressed` in src/server/app.ts) sends them without
 * compressing per request. node:zlib at its highest levels: the cost is paid once per build.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const compressible = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Smaller files gain nothing worth a second file. */
const minBytes = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function precompress(outDir: string): Plugin {
  return {
    name: "outlay-precompress",
    apply: "build",
    // zlib's thread pool compresses the files side by side
    async closeBundle() {
      await Promise.all(filesUnder(outDir).map(async (file) => {
        if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) return;
        const bytes = await fs.promises.readFile(file);
        if (bytes.length < minBytes) return;
        const [gz, br] = await Promise.all([
          gzipped(bytes, { level: 9 }),
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        ]);
        await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)]);
      }));
    },
  };
}
