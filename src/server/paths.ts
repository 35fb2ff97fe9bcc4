/**
 * The project's folders the server reads at run time (migrations/, the built client in dist/client).
 * They are found from the project root — the nearest folder above this file holding package.json —
 * so that they resolve the same from the sources (src/server, run by tsx) and from the compiled
 * server (dist/server/src/server, run by node), whose depth below the root differs.
 */
import fs from "node:fs";
import path from "node:path";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: cannot find the project root`);
  }
}

export const projectRoot = findRoot(import.meta.dirname);
export const migrationsDir = path.join(projectRoot, "migrations");
export const resourcesDir = path.join(projectRoot, "resources");
export const clientDir = path.join(projectRoot, "dist", "client");
export const localesDir = path.join(projectRoot, "locales");
