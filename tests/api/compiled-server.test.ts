/**
 * The production build: `npm run build:server` compiles the server to JavaScript and `npm run serve`
 * runs it with plain node (no tsx, no TypeScript at run time) on a fresh database — PGlite in a new
 * DATA_DIR, or a new PostgreSQL database with TEST_DB=postgres — which it migrates and fills with the
 * demo data, as `npm start` does. The build is made here only when it is missing or older than a
 * source file, so the PostgreSQL run of `npm run test:api` reuses the PGlite run's.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/paths.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { admin, databaseUrl, usePostgres } from "./template.js";

const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
const [serveCommand, ...serveArgs] = packageJson.scripts.serve.split(" ");
const serverEntry = path.join(projectRoot, serveArgs.at(-1)!);
const compiledDir = path.join(projectRoot, "dist", "server");
const sourceDirs = ["src/server", "src/framework", "resources", "schemas"].map((dir) => path.join(projectRoot, dir));

function newestSource(): number {
  const files = sourceDirs.flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)));
  files.push(path.join(projectRoot, "tsconfig.build.json"), path.join(projectRoot, "tsconfig.json"));
  return Math.max(...files.map((file) => fs.statSync(file).mtimeMs));
}

function buildIfStale(): void {
  if (fs.existsSync(serverEntry) && fs.statSync(serverEntry).mtimeMs >= newestSource()) return;
  execFileSync("npm", ["run", "-s", "build:server"], { cwd: projectRoot, stdio: "inherit" });
}

/** Starts the compiled server with only the environment named here (no NODE_OPTIONS); resolves once it listens. */
function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(serveCommand === "node" ? process.execPath : serveCommand, serveArgs, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the compiled server exited with ${code}: ${stderr}`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(line.startsWith("{") ? (JSON.parse(line).msg ?? "") : "");
      if (listening) resolve({ child, url: listening[1] });
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

describe("the compiled server", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-compiled-"));
  const dataDir = path.join(work, "data");
  const database = `outlay_test_compiled_${crypto.randomBytes(4).toString("hex")}`;
  let server: { child: ChildProcess; url: string };

  beforeAll(async () => {
    buildIfStale();
    if (usePostgres) await admin(`CREATE DATABASE ${database}`);
    server = await serve(usePostgres ? { DATABASE_URL: databaseUrl(database) } : { DATA_DIR: dataDir });
  }, 300_000);

  afterAll(async () => {
    if (server) await stop(server.child);
    if (usePostgres) await admin(`DROP DATABASE IF EXISTS ${database}`);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("is plain node on JavaScript files: no tsx, no TypeScript loader, no .ts import", () => {
    expect(serveCommand).toBe("node");
    expect(server.child.spawnargs).toEqual([process.execPath, ...serveArgs]);
    expect(serverEntry).toMatch(/\.js$/);
    const compiled = fs.readdirSync(compiledDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    expect(compiled.length).toBeGreaterThan(100);
    const loadsTypeScript = compiled.filter((f) =>
      /\bfrom\s+"(tsx|typescript)[/"]|\bimport\(\s*"(tsx|typescript)[/"]|\bfrom\s+"[^"]+\.ts"/.test(fs.readFileSync(path.join(compiledDir, f), "utf8")));
    expect(loadsTypeScript).toEqual([]);
  });

  it("answers /healthz and /readyz once it has migrated the fresh database", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "ok" });
  });

  it("signs the demo admin in and lists invoices", async () => {
    const token = await fetch(`${server.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "password", username: "admin@acme.test", password: demoPassword }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const invoices = await fetch(`${server.url}/api/invoices?_start=0&_end=5`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(invoices.status).toBe(200);
    const body = (await invoices.json()) as { data: unknown[] };
    expect(body.data).toHaveLength(5);
    expect(Number(invoices.headers.get("x-total-count"))).toBeGreaterThan(5);
  });

  it("stops cleanly on SIGTERM, releasing the data directory", async () => {
    expect(await stop(server.child)).toBe(0);
    if (!usePostgres) expect(fs.existsSync(`${path.resolve(dataDir)}.lock`)).toBe(false);
  });
});
