/**
 * Backup and restore of the embedded database (PGlite). PostgreSQL has its own tools (pg_dump -Fc /
 * pg_restore, docs/deploy-postgresql.md).
 *
 * Both open the data directory through connect(), which takes its lock: while a server runs on the
 * directory they refuse (stop the server first) instead of copying files a running server is writing.
 * The backup is PGlite's own dump of the data directory (a gzipped tarball), taken after a CHECKPOINT
 * with no other session open, so it is a consistent copy. A restore goes only into an empty or new
 * directory: it never overwrites a database.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { connect } from "./connect.js";

const isDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, "PG_VERSION"));
const isEmptyOrMissing = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Writes the database in dataDir to outFile (a .tar.gz); the file appears only once complete. */
export async function backupDataDir(dataDir: string, outFile: string): Promise<void> {
  // connect() would create a fresh database in an empty directory: refuse before it can
  if (!isDatabase(dataDir)) throw new Error(`${dataDir} holds no Outlay database.`);
  const database = await connect({ dataDir });
  try {
    await sql`CHECKPOINT`.execute(database.db);
    const dump = await database.dump!();
    const partial = `${outFile}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, outFile);
  } finally {
    await database.close();
  }
}

/** Loads a backup made by backupDataDir into dataDir, which must be empty or not exist yet. */
export async function restoreDataDir(inFile: string, dataDir: string): Promise<void> {
  if (!fs.existsSync(inFile)) throw new Error(`${inFile} does not exist.`);
  if (!isEmptyOrMissing(dataDir)) throw new Error(`${dataDir} is not empty: restore into a new or empty directory.`);
  const database = await connect({ dataDir, loadDataDir: new Blob([fs.readFileSync(inFile)]) });
  try {
    // the restored database answers, and is what PGlite flushes to the directory on close
    await sql`SELECT 1`.execute(database.db);
  } finally {
    await database.close();
  }
}
