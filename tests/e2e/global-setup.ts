/** Serves the built client and the API on a fresh seeded PGlite database for the browser tests. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../src/server/app.js";
import { clientDir } from "../../src/server/paths.js";
import { connect } from "../../src/server/db/connect.js";
import { migrate } from "../../src/server/db/migrate.js";
import { seedDemo } from "../../src/server/seed/demo.js";

export async function setup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(clientDir, "index.html"))) throw new Error("Build the client first: npm run build:client");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outlay-e2e-"));
  const database = await connect({ dataDir });
  await migrate(database.db);
  await seedDemo(database.db);
  const app = await buildApp({ db: database.app });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  process.env.OUTLAY_E2E_URL = address;
  return async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
