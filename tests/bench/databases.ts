/**
 * Which database a bench runs on (`--db pglite|postgres|both`, default both when DATABASE_URL is set)
 * and a fresh empty one to run it in: embedded PGlite in a temp dir, or PostgreSQL's outlay_bench
 * database next to DATABASE_URL's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { connect, type Database } from "../../src/server/db/connect.js";

export type Kind = "pglite" | "postgres";

// BENCH_DATABASE: another name, when two benches share the server
const benchDatabase = process.env.BENCH_DATABASE ?? "outlay_bench";
const databaseUrl = process.env.DATABASE_URL;

export function benchKinds(flag: string | undefined): Kind[] {
  const choices = new Map<string, Kind[]>([["pglite", ["pglite"]], ["postgres", ["postgres"]], ["both", ["pglite", "postgres"]]]);
  const kinds = choices.get(flag ?? (databaseUrl ? "both" : "pglite"));
  if (!kinds) throw new Error("--db must be pglite, postgres or both");
  if (kinds.includes("postgres") && !databaseUrl) throw new Error("--db postgres needs DATABASE_URL");
  return kinds;
}

/** Run SQL on DATABASE_URL's database (CREATE/DROP DATABASE cannot run in a transaction). */
async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** `name`: the PostgreSQL database (benches that may run side by side use their own); `url`: its connection string (for a second client, e.g. bench:api's floor). */
export async function openBenchDatabase(kind: Kind, name = benchDatabase): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-bench-"));
    return { database: await connect({ dataDir }), drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return { database: await connect({ databaseUrl: url.toString() }), url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}
