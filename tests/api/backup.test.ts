/**
 * Backup and restore as docs/operations.md describes them. PostgreSQL: pg_dump -Fc, pg_restore into a
 * fresh database. PGlite: `npm run backup` / `npm run restore` (src/server/db/backup.ts) into a fresh
 * directory, refused while the data directory is open.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backupDataDir, restoreDataDir } from "../../src/server/db/backup.js";
import { connect, type ConnectOptions, untyped } from "../../src/server/db/connect.js";
import { admin, databaseUrl, templateDatabase, templateFile, usePostgres } from "./template.js";

const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();

async function counts(options: ConnectOptions, tables = ["invoices", "vendors", "users", "schema_migrations"]): Promise<Record<string, number>> {
  const { db, close } = await connect({ ...options, poolSize: 1 });
  try {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const row = await untyped(db).selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  } finally {
    await close();
  }
}

describe.skipIf(!usePostgres || !hasPgDump)("PostgreSQL backup and restore", () => {
  it("restores a dump of the seeded database with the same row counts", async () => {
    const name = `outlay_test_restore_${crypto.randomBytes(4).toString("hex")}`;
    const file = path.join(os.tmpdir(), `${name}.dump`);
    await admin(`CREATE DATABASE ${name}`);
    try {
      execFileSync("pg_dump", ["-Fc", "-f", file, databaseUrl(templateDatabase)]);
      execFileSync("pg_restore", ["--no-owner", "-d", databaseUrl(name), file]);
      const before = await counts({ databaseUrl: databaseUrl(templateDatabase) });
      expect(before.invoices).toBeGreaterThan(0);
      expect(await counts({ databaseUrl: databaseUrl(name) })).toEqual(before);
    } finally {
      fs.rmSync(file, { force: true });
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    }
  }, 120_000);
});

describe.skipIf(usePostgres)("PGlite backup and restore", () => {
  const tables = ["invoices", "vendors", "users", "schema_migrations", "backup_probe"];

  it("copies the data directory into a file that restores into a fresh directory with the same rows, refusing while the directory is open", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-backup-"));
    const dataDir = path.join(work, "data");
    const file = path.join(work, "outlay.tar.gz");
    try {
      // a seeded database on disk, with rows written just before the backup
      const database = await connect({ dataDir, loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
      await sql`CREATE TABLE backup_probe AS SELECT n FROM generate_series(1, 1000) n`.execute(database.db);
      await sql`DELETE FROM backup_probe WHERE n > 700`.execute(database.db);

      // the directory is in use (as by a running server): refused, no file left behind
      await expect(backupDataDir(dataDir, file)).rejects.toThrow(/in use by another Outlay process/);
      expect(fs.existsSync(file)).toBe(false);
      await database.close();

      await backupDataDir(dataDir, file);
      const restored = path.join(work, "restored");
      await restoreDataDir(file, restored);

      const before = await counts({ dataDir }, tables);
      expect(before.invoices).toBeGreaterThan(0);
      expect(before.backup_probe).toBe(700);
      expect(await counts({ dataDir: restored }, tables)).toEqual(before);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);

  it("restores only into an empty directory and backs up only a database", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-backup-"));
    try {
      const notADatabase = path.join(work, "empty");
      fs.mkdirSync(notADatabase);
      await expect(backupDataDir(notADatabase, path.join(work, "x.tar.gz"))).rejects.toThrow(/holds no Outlay database/);
      // refused before connect() could create a database there
      expect(fs.readdirSync(notADatabase)).toEqual([]);

      fs.writeFileSync(path.join(work, "backup.tar.gz"), fs.readFileSync(templateFile));
      fs.writeFileSync(path.join(notADatabase, "keep.txt"), "something of the operator's");
      await expect(restoreDataDir(path.join(work, "backup.tar.gz"), notADatabase)).rejects.toThrow(/is not empty/);
      expect(fs.readdirSync(notADatabase)).toEqual(["keep.txt"]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
