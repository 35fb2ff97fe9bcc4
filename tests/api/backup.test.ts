/** PostgreSQL backup and restore as docs/deploy-postgresql.md describes them: pg_dump -Fc, pg_restore into a fresh database. */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connect } from "../../src/server/db/connect.js";
import { admin, databaseUrl, templateDatabase, usePostgres } from "./template.js";

const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();

async function counts(url: string): Promise<Record<string, number>> {
  const { db, close } = await connect({ databaseUrl: url, poolSize: 1 });
  try {
    const result: Record<string, number> = {};
    for (const table of ["invoices", "vendors", "users", "schema_migrations"]) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
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
      const before = await counts(databaseUrl(templateDatabase));
      expect(before.invoices).toBeGreaterThan(0);
      expect(await counts(databaseUrl(name))).toEqual(before);
    } finally {
      fs.rmSync(file, { force: true });
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    }
  }, 120_000);
});
