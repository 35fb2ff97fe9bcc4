/** Serves the built client and the API on a fresh seeded PGlite database for the browser tests. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../src/server/app.js";
import { clientDir } from "../../src/server/paths.js";
import { connect, type DB } from "../../src/server/db/connect.js";
import { migrate } from "../../src/server/db/migrate.js";
import { seedDemo } from "../../src/server/seed/demo.js";
import { config } from "../../src/server/config.js";
import { startSmtpSink } from "../support/smtp-sink.js";

export const setup = () => startServer();

/** The server of the browser tests; `prepare` adds to the seeded database first (a benchmark's volume). */
export async function startServer(prepare?: (db: DB) => Promise<void>): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(clientDir, "index.html"))) throw new Error("Build the client first: npm run build:client");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-e2e-"));
  const database = await connect({ dataDir });
  await migrate(database.db);
  await seedDemo(database.db);
  await prepare?.(database.db);
  // mail really goes out, to a local SMTP server that drops each message into a folder the tests read (mailbox.ts)
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-e2e-mail-"));
  let count = 0;
  const sink = await startSmtpSink(0, (mail) => fs.writeFileSync(path.join(mailDir, `${String(++count).padStart(6, "0")}.json`), JSON.stringify(mail)));
  config.smtpUrl = `smtp://127.0.0.1:${sink.port}`;
  process.env.OUTLAY_E2E_MAILDIR = mailDir;
  // as behind a reverse proxy on this machine: a test can guess passwords from many addresses (X-Forwarded-For)
  config.trustProxy = "127.0.0.1";
  const app = await buildApp({ db: database.app });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  process.env.OUTLAY_E2E_URL = address;
  return async () => {
    await app.close();
    await sink.close();
    await database.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
