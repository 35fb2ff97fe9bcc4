/** `npm start`: open the database, migrate, load demo data into an empty one, serve. */
import { buildApp } from "./app.js";
import { config, listenHost } from "./config.js";
import { connect } from "./db/connect.js";
import { maintainEmbedded } from "./db/maintenance.js";
import { migrate } from "./db/migrate.js";
import { startJobs } from "./jobs/start.js";
import { startMailIn } from "./domain/capture/mail-in.js";
import { stopSharedReader } from "./domain/capture/reader.js";
import { demoLogins, demoPassword, hasDemoLogins, isEmpty, seedDemo } from "./seed/demo.js";

const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database.db);
if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

let seeded = false;
if (!config.production && (await isEmpty(database.db))) {
  console.log("Empty database: loading demo data…");
  await seedDemo(database.db);
  seeded = true;
}

const stopMaintenance = await maintainEmbedded(database);
// before the first request, so that every message written has its delivery job; mail an earlier
// process committed but did not deliver goes now, and the recurring invoices due
const jobs = await startJobs(database, { databaseUrl: config.databaseUrl });
// the invoice-capture SMTP receiver, when MAIL_IN_PORT is set (docs/capture.md)
const mailIn = config.mailInPort ? await startMailIn(database.db, { port: config.mailInPort, host: config.mailInHost, domain: config.mailInDomain }) : undefined;
const app = await buildApp({ db: database.app, logger: true });
const host = listenHost(config.host, await hasDemoLogins(database.db));
await app.listen({ port: config.port, host });

const where = config.databaseUrl ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
console.log(`\nOutlay is running at http://localhost:${config.port} (${where}), listening on ${host}`);
if (!config.production) {
  console.log(`${seeded ? "Demo data loaded. " : ""}Demo logins, password ${demoPassword}:`);
  for (const login of demoLogins) console.log(`  ${login.email.padEnd(24)} ${login.role.padEnd(15)} ${login.company}`);
}

const shutdown = async () => {
  stopMaintenance();
  // stop taking requests, then let running jobs finish (a request's mail has its job: nothing is lost)
  await app.close();
  await new Promise<void>((resolve) => (mailIn ? mailIn.close(() => resolve()) : resolve()));
  await jobs.stop();
  await stopSharedReader();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
