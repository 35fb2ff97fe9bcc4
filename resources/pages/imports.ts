/** The import page (docs/imports.md): upload a CSV for a resource, map its columns, preview, apply, follow the progress, get the error file. */
import type { PageDef } from "../../src/framework/pages.js";

export const importPages: readonly PageDef[] = [
  {
    path: "/imports/new",
    kind: "page",
    title: "imports.titles.create",
    component: "ImportFile",
    resource: "imports",
    permissions: ["importBulkOperations"],
    menu: { group: "admin", order: 11 },
  },
];
