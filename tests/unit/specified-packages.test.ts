/**
 * The packages the project was specified with (issue 28) are in package.json and each is imported
 * where it does its job, in src/ or tests/: none is a bystander kept only in the manifest.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const listed = { ...manifest.dependencies, ...manifest.devDependencies };

/** Each specified package and a file that uses it for its job (one import is enough; that one is named so that its removal is seen). */
const specified: Record<string, string> = {
  "@refinedev/core": "src/client/App.tsx",
  "@refinedev/react-router": "src/client/App.tsx",
  "@refinedev/antd": "src/client/pages/ReferenceSelect.tsx",
  antd: "src/client/App.tsx",
  react: "src/client/main.tsx",
  "react-dom": "src/client/main.tsx",
  "@refinedev/simple-rest": "src/client/providers/data.ts",
  i18next: "src/framework/i18n.ts",
  "react-i18next": "src/client/main.tsx",
  dayjs: "src/client/i18n/index.ts",
  "json-schema-to-ts": "src/framework/resource.ts",
  ajv: "src/server/validation.ts",
  "@rjsf/core": "src/client/pages/form/rjsf.ts",
  "@rjsf/antd": "src/client/pages/form/rjsf.ts",
  papaparse: "src/framework/csv.ts",
  jspdf: "src/server/domain/purchasing/po-pdf.ts",
  vitest: "tests/unit/specified-packages.test.ts",
  playwright: "tests/e2e/browser.ts",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(file);
    return /\.(ts|tsx|js)$/.test(entry.name) ? [file] : [];
  });
}
const files = [...sourceFiles(path.join(root, "src")), ...sourceFiles(path.join(root, "tests"))];
const importPattern = (name: string) => new RegExp(`(from|import\\()\\s*"${name.replace(/[/.]/g, "\\$&")}(/[^"]*)?"`);
const importers = (name: string) => files.filter((file) => importPattern(name).test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(root, file));

describe("the specified packages", () => {
  it.each(Object.keys(specified))("%s is in package.json and imported where it does its job", (name) => {
    expect(listed[name], `${name} in package.json`).toBeTruthy();
    const found = importers(name);
    expect(found.length, `${name} imported in src/ or tests/`).toBeGreaterThan(0);
    if (specified[name]) expect(found).toContain(specified[name]);
  });

  it("runs the browser tests on `playwright`, not playwright-core, and drops nothing it replaced", () => {
    expect(listed["playwright-core"]).toBeUndefined();
    expect(importers("playwright-core")).toEqual([]);
    expect(fs.existsSync(path.join(root, "src/framework/translator.ts"))).toBe(false);
  });
});
