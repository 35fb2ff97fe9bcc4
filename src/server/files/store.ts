/**
 * Where uploaded bytes live. One interface, two drivers, chosen by STORAGE (./settings.ts):
 * the database (bytea rows in stored_files, the default; works on PGlite and PostgreSQL) or an
 * S3-compatible bucket. New files go to the chosen driver; a key names the driver that holds it
 * ("db:<id>", "s3:<object>"), so documents stored before a switch stay readable wherever they are.
 * Every call is scoped to a company: a key of another company is not found.
 */
import type { Readable } from "node:stream";
import type { DB } from "../db/connect.js";
import type { UnitContext } from "../db/unit-of-work.js";
import { databaseStore } from "./database-store.js";
import { s3Store } from "./s3-store.js";
import { storageSettings, type StorageSettings } from "./settings.js";

export interface FileStore {
  /** Consumes `content` and stores it; rejects (storing nothing) when the stream errors. */
  put(content: Readable, meta: { companyId: number }): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string, meta: { companyId: number }): Promise<Readable | null>;
  delete(key: string, meta: { companyId: number }): Promise<void>;
}

/** The S3 store of the settings in force: one client (and its connection pool) per process, not per request. */
let s3: { settings: string; store: FileStore } | undefined;
function s3StoreOf(settings: StorageSettings): FileStore | null {
  if (settings.storage !== "s3") return null;
  const signature = JSON.stringify(settings.s3);
  if (s3?.settings !== signature) s3 = { settings: signature, store: s3Store(settings.s3) };
  return s3.store;
}

const notConfigured = () => new Error("This document is kept in an S3 bucket, but this server does not have STORAGE=s3.");

/** Throws, naming every problem, when the STORAGE settings are wrong: called at start (../http/files.ts). */
export function fileStore(db: DB, settings = storageSettings()): FileStore {
  const database = databaseStore(db);
  const bucket = s3StoreOf(settings);
  const holder = (key: string): FileStore | null => {
    if (key.startsWith("db:")) return database;
    if (!key.startsWith("s3:")) return null;
    if (!bucket) throw notConfigured();
    return bucket;
  };
  return {
    put: (content, meta) => (bucket ?? database).put(content, meta),
    get: async (key, meta) => (await holder(key)?.get(key, meta)) ?? null,
    delete: async (key, meta) => holder(key)?.delete(key, meta),
  };
}

/**
 * Deletes the bytes of a document whose row transaction `trx` (of `tctx`'s unit) deletes: in that transaction when
 * the database holds them (row and bytes go together), once it has committed when a bucket does (an
 * object cannot be rolled back: a crash in between leaves an orphan object, never a document
 * without its bytes).
 */
export async function deleteWithRow(key: string, tctx: UnitContext & { company: { id: number } }, trx: DB): Promise<void> {
  const meta = { companyId: tctx.company.id };
  if (key.startsWith("db:") || !tctx.unit) return fileStore(trx).delete(key, meta);
  const unit = tctx.unit;
  unit.afterCommit.push(() => fileStore(unit.db).delete(key, meta));
}
