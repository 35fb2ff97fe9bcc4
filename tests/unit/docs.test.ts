import fs from "node:fs";
import { expect, it } from "vitest";
import { rolesMarkdown } from "../../src/framework/roles-doc.js";

it("docs/roles.md is the current role matrix (npm run docs:roles)", () => {
  expect(fs.readFileSync("docs/roles.md", "utf8")).toBe(rolesMarkdown());
});
