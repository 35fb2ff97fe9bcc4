/**
 * Where uploaded bytes live. One interface, chosen by the STORAGE setting (docs/api.md "Files"):
 * the database store (bytea rows in stored_files, works on PGlite and PostgreSQL) is the only one
 * built so far. A key names its store ("db:<id>"), so documents stored by another driver stay readable
 * once that driver exists. Every call is scoped to a company: a key of another company is not found.
 */
import type { Readable } from "node:stream";
import type { DB } from "../db/connect.js";
import { databaseStore } from "./database-store.js";

export interface FileStore {
  /** Consumes `content` and stores it; rejects (storing nothing) when the stream errors. */
  put(content: Readable, meta: { companyId: number }): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string, meta: { companyId: number }): Promise<Readable | null>;
  delete(key: string, meta: { companyId: number }): Promise<void>;
}

/** STORAGE=db (the default). Anything else is refused at start rather than silently storing elsewhere. */
export function fileStore(db: DB, storage = process.env.STORAGE ?? "db"): FileStore {
  if (storage !== "db") throw new Error(`STORAGE=${storage} is not supported: the only file store is the database (STORAGE=db)`);
  return databaseStore(db);
}
