/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR
 * (locked so that a second process cannot open it). Both return dates as YYYY-MM-DD strings,
 * numerics as decimal strings, and counts normalised by `count()` below.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import lockfile from "proper-lockfile";
import { PGliteDialect } from "./pglite-dialect.js";
import type { Database as Tables } from "./database.js";
import { WrittenTablesPlugin } from "./written-tables.js";

/** The database, its rows typed by the interface db:generate writes from the schemas (database.ts). */
export type DB = Kysely<Tables>;
/**
 * The same database for code whose table names are values (the generic engine: a resource's table,
 * a polymorphic parent): rows are untyped there. A DB is one without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDB = Kysely<any>;

/** `db` for a statement whose table is a value (see AnyDB). */
export const untyped = (db: AnyDB): AnyDB => db;

export interface Database {
  db: DB;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (for backups and test templates) */
  dump?(): Promise<Blob>;
}

const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;
const keepText = (value: string) => value;

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this dumped data directory (tests clone a seeded template) */
  loadDataDir?: Blob;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10);
  return connectPGlite(options.dataDir, options.loadDataDir);
}

async function connectPostgres(url: string, max: number): Promise<Database> {
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === DATE_OID || oid === NUMERIC_OID ? keepText : oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max, types });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }), plugins: [new WrittenTablesPlugin()] });
  pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return { db, kind: "postgres", close: () => db.destroy() };
}

async function connectPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let unlock: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      unlock = await lockfile.lock(path.resolve(dataDir), { stale: 10_000, update: 2_000 });
    } catch {
      throw new Error(`The data directory ${dataDir} is in use by another Outlay process (remove ${dataDir}.lock if none runs).`);
    }
  }
  const pglite = new PGlite({
    dataDir,
    loadDataDir,
    relaxedDurability: true,
    parsers: { [DATE_OID]: keepText, [NUMERIC_OID]: keepText, [INT8_OID]: (v: string) => Number(v) },
  });
  await pglite.waitReady;
  const db = new Kysely({ dialect: new PGliteDialect(pglite), plugins: [new WrittenTablesPlugin()] });
  return {
    db,
    kind: "pglite",
    dump: () => pglite.dumpDataDir("gzip"),
    async close() {
      await db.destroy();
      await unlock?.();
    },
  };
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

// keyed by the Kysely instance, so that /metrics can read the pool of the db it was given
const pools = new WeakMap<DB, () => PoolStats>();

/** The connection pool's counts; PGlite is a single connection, reported as one. */
export function poolStats(db: DB): PoolStats {
  return pools.get(db)?.() ?? { total: 1, idle: 1, waiting: 0 };
}

/** count(*) is a number from PGlite and a string from pg. */
export function count(value: unknown): number {
  return Number(value ?? 0);
}
