/**
 * `npm run backup -- --out outlay.tar.gz [--data-dir ./data]` (compiled: node dist/server/src/server/backup.js …)
 * Copies the embedded database (PGlite, DATA_DIR) into one file. Refuses while a server runs on it.
 */
import { parseArgs } from "node:util";
import { config } from "./config.js";
import { backupDataDir } from "./db/backup.js";
import { runEmbeddedOnly } from "./db/backup-cli.js";

const { values } = parseArgs({ options: { out: { type: "string" }, "data-dir": { type: "string", default: config.dataDir } } });

await runEmbeddedOnly("--out <file>", values.out, async (file) => {
  await backupDataDir(values["data-dir"], file);
  console.log(`Backed up ${values["data-dir"]} to ${file}.`);
});
