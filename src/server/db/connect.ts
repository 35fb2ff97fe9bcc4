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
import { checkRoleName, companyPool, configuredAppRole, prepareAppRole, registerScopes } from "./row-security.js";
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
  /**
   * The owner's database: migrations, the seed, setup, jobs that span companies, backups, tests'
   * inspections. On PostgreSQL it passes row-level security: never serve requests on it.
   */
  db: DB;
  /**
   * What the API serves on: on PostgreSQL the app role (DATABASE_APP_ROLE) behind row-level
   * security, with no company set until `forCompany` (row-security.ts); on PGlite the same as `db`.
   */
  app: DB;
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
  /** PostgreSQL only: the role the API's connections switch to (default DATABASE_APP_ROLE or outlay_app) */
  appRole?: string;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) {
    const role = options.appRole ? checkRoleName(options.appRole) : configuredAppRole();
    return connectPostgres(options.databaseUrl, options.poolSize ?? 10, role);
  }
  return connectPGlite(options.dataDir, options.loadDataDir);
}

async function connectPostgres(url: string, max: number, appRole: string): Promise<Database> {
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === DATE_OID || oid === NUMERIC_OID ? keepText : oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // the owner's few connections (migrations, seed, jobs) and the API's pool, whose connections are the app role from the start
  const ownerPool = new pg.Pool({ connectionString: url, max: 2, types });
  try {
    await prepareAppRole(ownerPool, appRole);
  } catch (error) {
    await ownerPool.end();
    throw error;
  }
  const pool = new pg.Pool({ connectionString: url, max, types, options: `-c role=${appRole}` });
  const kysely = (source: pg.Pool | ReturnType<typeof companyPool>) =>
    new Kysely({ dialect: new PostgresDialect({ pool: source }), plugins: [new WrittenTablesPlugin()] });
  const db = kysely(ownerPool);
  const app = kysely(companyPool(pool, ""));
  const companies = new Map<number, DB>();
  const scopes = {
    system: db,
    company(id: number): DB {
      let bound = companies.get(id);
      if (!bound) {
        bound = kysely(companyPool(pool, String(id)));
        companies.set(id, bound);
        registerScopes([bound], scopes);
      }
      return bound;
    },
  };
  registerScopes([app, db], scopes);
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  pools.set(app, stats);
  pools.set(db, stats);
  return {
    db,
    app,
    kind: "postgres",
    async close() {
      await app.destroy(); // its pool's end is a no-op: the pools end here
      await Promise.all([pool.end(), ownerPool.end()]);
    },
  };
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
    app: db,
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
