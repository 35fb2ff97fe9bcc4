import fs from "node:fs";
import { expect, it } from "vitest";
import { rolesMarkdown } from "../../src/framework/roles-doc.js";

it("docs/roles.md is the current role matrix (npm run docs:roles)", () => {
  expect(fs.readFileSync("docs/roles.md", "utf8")).toBe(rolesMarkdown());
});

/** The repository paths a page names in backticks: `src/…`, `resources/…`, `migrations/…` and the like. */
function pathsNamedIn(page: string): string[] {
  const roots = ["src/", "resources/", "schemas/", "migrations/", "locales/", "tests/", "scripts/", "docs/"];
  const named = [...fs.readFileSync(page, "utf8").matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  return [...new Set(named.filter((p) => roots.some((root) => p.startsWith(root)) && !/[*{}<>…]/.test(p)))];
}

it("docs/architecture.md names only paths that exist", () => {
  const named = pathsNamedIn("docs/architecture.md");
  expect(named.length).toBeGreaterThan(20);
  expect(named.filter((p) => !fs.existsSync(p))).toEqual([]);
});
