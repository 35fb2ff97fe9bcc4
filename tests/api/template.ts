/**
 * A migrated, seeded database built once per test run and cloned by each test file: a PGlite dump
 * file, or a PostgreSQL template database (TEST_DB=postgres with DATABASE_URL).
 */
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const usePostgres = process.env.TEST_DB === "postgres";
/** set by the global setup; test workers inherit it */
export const templateFile = (process.env.OUTLAY_TEST_TEMPLATE ??= path.join(os.tmpdir(), `outlay-test-template-${process.pid}.tgz`));
export const templateDatabase = (process.env.OUTLAY_TEST_TEMPLATE_DB ??= `outlay_test_template_${process.pid}`);

export function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Run SQL on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}
