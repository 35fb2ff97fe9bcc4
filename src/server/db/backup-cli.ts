/** What `npm run backup` and `npm run restore` share: they are for PGlite only, need a file, and report failure plainly. */
import { config } from "../config.js";

export async function runEmbeddedOnly(usage: string, file: string | undefined, run: (file: string) => Promise<void>): Promise<void> {
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: back up and restore PostgreSQL with pg_dump -Fc and pg_restore (docs/deploy-postgresql.md).");
    process.exit(2);
  }
  if (!file) {
    console.error(`Usage: ${usage} [--data-dir <dir>]`);
    process.exit(2);
  }
  try {
    await run(file);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
