/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./scripts/precompress.js";
import { localeSplit } from "./scripts/locale-split.js";
import { resourceOutlines } from "./scripts/resource-outlines.js";

const repo = fileURLToPath(new URL(".", import.meta.url));
const server = "http://localhost:3000";
const outDir = `${repo}dist/client`;

/**
 * Packages only Refine's MarkdownField uses (the client renders no markdown): they do not declare
 * themselves free of side effects, so without this the bundler keeps all of them in the first load.
 */
const markdownPackages = /node_modules[\\/](react-markdown|remark-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|unified|vfile[^\\/]*|unist-[^\\/]+|property-information|markdown-table|decode-named-character-reference|character-entities[^\\/]*|space-separated-tokens|comma-separated-tokens|html-url-attributes|trim-lines|bail|trough|is-plain-obj|devlop|zwitch|longest-streak|ccount|escape-string-regexp|style-to-[^\\/]+|inline-style-parser|estree-util-[^\\/]+)[\\/]/;

/**
 * CommonJS packages that declare nothing about side effects, imported by code the client never
 * runs, so they stayed in the first load; declared free of side effects, they leave with that code.
 * papaparse: Refine's useImport and useExport (the client's CSV writer, framework/csv.ts, loads it on
 * demand). error-stack-parser and stackframe: Refine's devtools traces, in development builds only.
 * rc-field-form (antd's form engine) and its shim: antd's ConfigProvider needs only its FormProvider.
 */
const sideEffectFree = /node_modules[\\/](papaparse|error-stack-parser|stackframe|rc-field-form)[\\/]|shims[\\/]rc-field-form/;

/**
 * Imported by first-load modules without being used there (papaparse: Refine's CSV hooks): in the
 * "shell" group it would ride along as a dependency; in a chunk of its own it loads only with the CSV import.
 */
const lazyOnly = /node_modules[\\/]papaparse[\\/]/;

/**
 * One copy of @ant-design/fast-color: antd and @rc-component/color-picker (whose Color antd's button
 * and tooltip styles use, so it is in the first load) each install their own, the same 2.0.6; the
 * picker's import resolves to antd's copy, 2 KB gzip less in the shell.
 */
function oneFastColor(): Plugin {
  const antd = `${repo}node_modules/antd/package.json`;
  return {
    name: "outlay-one-fast-color",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (source !== "@ant-design/fast-color" || !importer?.includes("@rc-component/color-picker")) return undefined;
      return this.resolve(source, antd, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  root: `${repo}src/client`,
  plugins: [resourceOutlines(), localeSplit(), oneFastColor(), react(), precompress(outDir)],
  resolve: {
    // one icon package: @refinedev/antd brings its own older @ant-design/icons otherwise
    dedupe: ["@ant-design/icons"],
    // src/client/shims: qs's side-channel on WeakMap and Map, without get-intrinsic and object-inspect;
    // rc-field-form's exports each from its own module; the browser's own ResizeObserver
    alias: [
      { find: /^side-channel$/, replacement: `${repo}src/client/shims/side-channel.cjs` },
      { find: /^rc-field-form$/, replacement: `${repo}src/client/shims/rc-field-form.js` },
      { find: /^resize-observer-polyfill$/, replacement: `${repo}src/client/shims/resize-observer.ts` },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // scripts/bundle-size.ts follows the import graph the manifest records
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !markdownPackages.test(id) && !sideEffectFree.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // what the entry imports statically in one chunk: 18 first-load files instead of 71 (each small
            // file costs its response headers, about 0.8 KB, and compresses alone)
            { name: "shell", tags: ["$initial"] },
            // the list page (every list route's) with what it imports statically besides the shell: one file
            // instead of fourteen (its icons, checkbox, row actions, export, each shared with other pages, which
            // now load this chunk for them); scripts/bundle-size.ts finds the page by this chunk's name
            { name: "list", test: /src[\\/]client[\\/]grid[\\/]ListPage\.tsx$/ },
            // the documents and activities relations, the first imported by eight declarations, both by three
            // (invoices among them): one small file, not two
            { name: "relations", test: /resources[\\/]shared[\\/](documents|activities)\.ts$/ },
            { name: "papaparse", test: lazyOnly, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": server, "/oauth": server } },
  test: { root: repo },
});
