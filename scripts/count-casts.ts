/**
 * `npm run -s count-casts`: the type assertions (`x as T`, `<T>x`; not `as const`) in the server's
 * code, per folder — the figure the typed database interface is meant to bring down.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..", "src/server");
const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => path.join(root, f));

const perFolder = new Map<string, number>();
for (const file of files) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  let casts = 0;
  const visit = (node: ts.Node) => {
    const isConst = ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const";
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst) casts++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  const folder = path.relative(root, path.dirname(file)).split(path.sep).slice(0, 2).join("/") || ".";
  perFolder.set(folder, (perFolder.get(folder) ?? 0) + casts);
}
const total = [...perFolder.values()].reduce((a, b) => a + b, 0);
for (const [folder, n] of [...perFolder].sort((a, b) => b[1] - a[1])) if (n) console.log(`${String(n).padStart(5)}  src/server/${folder}`);
console.log(`${String(total).padStart(5)}  total`);
