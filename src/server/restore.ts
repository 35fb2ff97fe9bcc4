/**
 * `npm run restore -- --in outlay.tar.gz [--data-dir ./data]` (compiled: node dist/server/src/server/restore.js …)
 * Loads a backup made by `npm run backup` into a new or empty data directory, then start the server on it.
 */
import { parseArgs } from "node:util";
import { config } from "./config.js";
import { restoreDataDir } from "./db/backup.js";
import { runEmbeddedOnly } from "./db/backup-cli.js";

const { values } = parseArgs({ options: { in: { type: "string" }, "data-dir": { type: "string", default: config.dataDir } } });

await runEmbeddedOnly("--in <file>", values.in, async (file) => {
  await restoreDataDir(file, values["data-dir"]);
  console.log(`Restored ${file} into ${values["data-dir"]}.`);
});
