/**
 * `npm run new:entity -- <name> [--approvable] [--area <area>]`: scaffolds an entity the way
 * docs/adding-an-entity.md describes — the schema (schemas/<singular>.ts), the declaration
 * (resources/<name>.ts), the server module (src/server/domain/<area>/<name>.server.ts), its locale
 * keys in locales/en.json and es.json, its API test (tests/api/<name>.test.ts) — then runs
 * `npm run db:generate add_<name>`, which writes the registry, the list of server modules, the
 * approval type lists and the migration, numbered after the HIGHEST existing number.
 *
 * The entity: a label and an amount, ACTIVE ⇄ RETIRED (a declared transition), deleted only when
 * RETIRED; with --approvable, NEW → submit → PENDING → APPROVED or REJECTED, then retired. Its keys are
 * the company settings' (readSettings, allowCompanySettings): change them to your area's.
 * `--root <dir>` scaffolds into another copy of the project (the CI check does, scripts/scaffold-check.sh).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

interface Options { name: string; approvable: boolean; area: string; root: string }

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { name: "", approvable: false, area: "admin", root: process.cwd() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--approvable") options.approvable = true;
    else if (arg === "--area") options.area = argv[++i] ?? "";
    else if (arg === "--root") options.root = path.resolve(argv[++i] ?? "");
    else if (!arg.startsWith("--") && !options.name) options.name = arg;
    else throw new Error(`Unknown argument ${arg}`);
  }
  if (!/^[a-z][a-z0-9_]*s$/.test(options.name)) throw new Error("The name is the resource's: plural, lower case, words joined by _ (e.g. gadgets, tool_loans)");
  if (!/^[a-z][a-z0-9-]*$/.test(options.area)) throw new Error("The area is a folder name of src/server/domain (e.g. admin, purchasing)");
  return options;
}

const singularOf = (name: string) => (name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.slice(0, -1));
const pascal = (snake: string) => snake.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
const camel = (snake: string) => pascal(snake)[0].toLowerCase() + pascal(snake).slice(1);
const words = (snake: string) => snake.split("_").join(" ");
const title = (text: string) => text[0].toUpperCase() + text.slice(1);

function write(root: string, file: string, text: string): void {
  const full = path.join(root, file);
  if (fs.existsSync(full)) throw new Error(`${file} exists already: the scaffold overwrites nothing`);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  console.log(`wrote ${file}`);
}

function schemaSource(o: Options): string {
  const singular = singularOf(o.name);
  const statuses = o.approvable ? ["NEW", "PENDING", "APPROVED", "REJECTED", "RETIRED"] : ["ACTIVE", "RETIRED"];
  return `/** ${title(words(singular))}: the stored data shape (scaffolded by npm run new:entity; every table gets id, company_id and timestamps). */
export const ${camel(singular)}Schema = {
  type: "object",
  additionalProperties: false,
  required: ["label", "amount"],
  properties: {
    label: { type: "string", minLength: 2, maxLength: 100 },
    amount: { type: "string", format: "money" },
    status: { type: "string", enum: ${JSON.stringify(statuses)}, default: "${statuses[0]}" },${o.approvable ? `
    /** who created it: filled by the server, never approves it (segregation of duties) */
    created_by_id: { type: ["integer", "null"], "x-references": "users", readOnly: true },` : ""}
  },
} as const;
`;
}

function resourceSource(o: Options): string {
  const singular = singularOf(o.name);
  const kind = pascal(singular);
  const param = `${camel(singular)}ID`;
  const statuses = o.approvable
    ? `[{ code: "NEW", color: "blue" }, { code: "PENDING", color: "gold" }, { code: "APPROVED", color: "green" }, { code: "REJECTED", color: "red" }, { code: "RETIRED", color: "default" }]`
    : `[{ code: "ACTIVE", color: "green" }, { code: "RETIRED", color: "default" }]`;
  const approval = o.approvable ? `
  approvable: { type: "${kind}", submittable: ["NEW", "REJECTED"], permission: edit },
  approval: { type: "${kind}", statuses: { pending: "PENDING", rejected: "REJECTED", approved: ["APPROVED"] }, restartOn: ["amount"] },` : "";
  return `import { defineResource } from "../src/framework/resource.js";
import { ${camel(singular)}Schema } from "../schemas/${singular}.js";

const edit = ["allowCompanySettings"] as const;

export default defineResource({
  name: "${o.name}",
  kind: "${kind}",
  schema: ${camel(singular)}Schema,
  title: "label",
  menu: { group: "admin" },
  routes: { list: "/${o.name}", show: "/${o.name}/:${param}", create: "/${o.name}/new", edit: "/${o.name}/:${param}/edit" },
  permissions: { list: ["readSettings"], show: ["readSettings"], create: edit, edit, delete: edit },
  statuses: { field: "status", values: ${statuses} },
  columns: [{ field: "label", link: "show" }, { field: "amount", kind: "money", total: true }, { field: "status", kind: "status" }],
  defaultSort: { field: "label", order: "asc" },
  search: ["label"],
  rowActions: [{ action: "delete", permission: edit, when: { status: "RETIRED" }, confirm: "confirm.delete${kind}" }],
  recordActions: [{ name: "retire", kind: "post", label: "${o.name}.actions.retire", permission: edit, when: { status: "${o.approvable ? "APPROVED" : "ACTIVE"}" }, to: "RETIRED" }],${approval}
});
`;
}

function moduleSource(o: Options): string {
  const depth = "../../../../";
  if (!o.approvable) {
    return `/** The server side of ${o.name}: its hooks (none yet) and the handlers of its declared actions (retire is a transition: none needed). */
import ${camel(o.name)} from "${depth}resources/${o.name}.js";
import { defineServerModule } from "../../resources/modules.js";

export default defineServerModule(${camel(o.name)}, { hooks: {} });
`;
  }
  return `/** The server side of ${o.name}: its approval's facts (amount; the triggers compare them) and its hooks (none yet). */
import ${camel(o.name)} from "${depth}resources/${o.name}.js";
import { defineServerModule } from "../../resources/modules.js";
import { recordFacts } from "../approvals/approvables/facts.js";

export default defineServerModule(${camel(o.name)}, {
  hooks: {},
  approval: { facts: async (record) => recordFacts(record) },
});
`;
}

function testSource(o: Options): string {
  const approvable = o.approvable;
  return `/** The scaffolded ${o.name}'s API (npm run new:entity): create, list, show, edit, ${approvable ? "submit and approve, " : ""}retire, delete only when retired. */
import { describe, expect, it } from "vitest";
import { useApp } from "./harness.js";

const h = useApp();

describe("${o.name}", () => {
  it("is created, listed, shown, edited${approvable ? ", approved" : ""} and retired; deleted only when retired", async () => {
    const admin = await h.login("admin@acme.test");
    const refused = await h.app.inject({ method: "POST", url: "/api/${o.name}", headers: admin, payload: { label: "x", amount: "1.00" } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.label).toBeDefined();
    const created = await h.app.inject({ method: "POST", url: "/api/${o.name}", headers: admin, payload: { label: "First one", amount: "12.50" } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const list = (await h.app.inject({ url: "/api/${o.name}?q=First", headers: admin })).json();
    expect(list.data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await h.app.inject({ url: \`/api/${o.name}/\${id}\`, headers: admin })).json().data).toMatchObject({ label: "First one", amount: "12.50" });
    const edited = await h.app.inject({ method: "PATCH", url: \`/api/${o.name}/\${id}\`, headers: admin, payload: { amount: "20.00" } });
    expect(edited.json().data.amount).toBe("20.00");
    expect((await h.app.inject({ method: "DELETE", url: \`/api/${o.name}/\${id}\`, headers: admin })).statusCode).toBe(422);
${approvable ? `    // no workflow: the submit approves at once (the engine's rule); a retire needs an approved record first
    expect((await h.app.inject({ method: "POST", url: \`/api/${o.name}/\${id}/retire\`, headers: admin })).statusCode).toBe(409);
    const submitted = await h.app.inject({ method: "POST", url: \`/api/${o.name}/\${id}/submit\`, headers: admin });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await h.app.inject({ url: \`/api/${o.name}/\${id}\`, headers: admin })).json().data.status).toBe("APPROVED");
` : ""}    const retired = await h.app.inject({ method: "POST", url: \`/api/${o.name}/\${id}/retire\`, headers: admin });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data.status).toBe("RETIRED");
    expect((await h.app.inject({ method: "DELETE", url: \`/api/${o.name}/\${id}\`, headers: admin })).statusCode).toBe(200);
    expect((await h.app.inject({ url: \`/api/${o.name}/\${id}\`, headers: admin })).statusCode).toBe(404);
  });
});
`;
}

type Tree = { [key: string]: string | Tree };

/** The entity's labels in both languages (its own fields and statuses: known to the scaffold). */
function localeKeys(o: Options, language: "en" | "es"): Record<string, string> {
  const singular = singularOf(o.name);
  const kind = pascal(singular);
  const en = language === "en";
  const one = title(words(singular));
  const many = title(words(o.name));
  const keys: Record<string, string> = {
    [`${o.name}.fields.id`]: "ID",
    [`${o.name}.fields.label`]: en ? "Label" : "Etiqueta",
    [`${o.name}.fields.amount`]: en ? "Amount" : "Importe",
    [`${o.name}.fields.status`]: en ? "Status" : "Estado",
    [`${o.name}.fields.created_at`]: en ? "Created" : "Creado",
    [`${o.name}.fields.updated_at`]: en ? "Updated" : "Actualizado",
    [`${o.name}.statuses.RETIRED`]: en ? "Retired" : "Retirado",
    [`${o.name}.titles.list`]: many,
    [`${o.name}.titles.show`]: one,
    [`${o.name}.titles.create`]: en ? `New ${one}` : `Nuevo: ${one}`,
    [`${o.name}.titles.edit`]: en ? `Edit ${one}` : `Editar: ${one}`,
    [`${o.name}.actions.retire`]: en ? "Retire" : "Retirar",
    [`confirm.delete${kind}`]: en ? `Are you sure you want to delete ${one} {{label}}?` : `¿Seguro que quiere eliminar ${one} {{label}}?`,
  };
  if (o.approvable) {
    Object.assign(keys, {
      [`${o.name}.fields.created_by_id`]: en ? "Created By" : "Creado por",
      [`${o.name}.fields.approvals`]: en ? "Approvals" : "Aprobaciones",
      [`${o.name}.statuses.NEW`]: en ? "New" : "Nuevo",
      [`${o.name}.statuses.PENDING`]: en ? "Pending" : "Pendiente",
      [`${o.name}.statuses.APPROVED`]: en ? "Approved" : "Aprobado",
      [`${o.name}.statuses.REJECTED`]: en ? "Rejected" : "Rechazado",
      [`approvals.values.approvable_type.${kind}`]: one,
      [`workflows.values.workflow_type.${kind}`]: one,
    });
  } else {
    keys[`${o.name}.statuses.ACTIVE`] = en ? "Active" : "Activo";
  }
  return keys;
}

function addKeys(root: string, language: "en" | "es", own: Record<string, string>): void {
  const file = path.join(root, "locales", `${language}.json`);
  const tree = JSON.parse(fs.readFileSync(file, "utf8")) as Tree;
  // every resource listing approval or workflow types (the approval lists, their views) labels the new type too
  const keys = { ...own };
  for (const [resource, labels] of Object.entries(tree)) {
    if (typeof labels === "string" || typeof labels.values !== "object") continue;
    for (const field of ["approvable_type", "workflow_type"]) {
      const key = `${field === "approvable_type" ? "approvals" : "workflows"}.values.${field}.`;
      const label = Object.entries(own).find(([k]) => k.startsWith(key))?.[1];
      if (label !== undefined && typeof labels.values[field] === "object") keys[`${resource}.values.${field}.${Object.keys(own).find((k) => k.startsWith(key))!.slice(key.length)}`] = label;
    }
  }
  for (const [key, value] of Object.entries(keys)) {
    const parts = key.split(".");
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === "string") throw new Error(`locales/${language}.json: ${key} would replace the text at ${part}`);
      node = next ?? (node[part] = {});
    }
    const leaf = parts[parts.length - 1];
    if (typeof node[leaf] === "string" && node[leaf] !== value) continue;  // a label someone already chose stays
    node[leaf] = value;
  }
  fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
  console.log(`added ${Object.keys(keys).length} keys to locales/${language}.json`);
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const singular = singularOf(o.name);
  if (fs.existsSync(path.join(o.root, "resources", `${o.name}.ts`))) throw new Error(`resources/${o.name}.ts exists already`);
  write(o.root, `schemas/${singular}.ts`, schemaSource(o));
  write(o.root, `resources/${o.name}.ts`, resourceSource(o));
  write(o.root, `src/server/domain/${o.area}/${o.name.replace(/_/g, "-")}.server.ts`, moduleSource(o));
  write(o.root, `tests/api/${o.name.replace(/_/g, "-")}.test.ts`, testSource(o));
  addKeys(o.root, "en", localeKeys(o, "en"));
  addKeys(o.root, "es", localeKeys(o, "es"));
  // the registry, the server modules, the approval type lists and the migration (after the highest number)
  execFileSync(process.execPath, [path.join(o.root, "node_modules/tsx/dist/cli.mjs"), path.join(o.root, "src/server/db/generate.ts"), `add_${o.name}`], { cwd: o.root, stdio: "inherit" });
  console.log(`\nNext: npx tsc --noEmit -p tsconfig.json; npx eslint resources/${o.name}.ts; TEST_DB=pglite npx vitest run --config vitest.api.config.ts tests/api/${o.name.replace(/_/g, "-")}.test.ts`);
}

main();
