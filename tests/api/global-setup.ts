import fs from "node:fs";
import { connect } from "../../src/server/db/connect.js";
import { migrate } from "../../src/server/db/migrate.js";
import { seedDemo } from "../../src/server/seed/demo.js";
import { admin, databaseUrl, templateDatabase, templateFile, usePostgres } from "./template.js";

export async function setup(): Promise<() => Promise<void>> {
  if (usePostgres) {
    await admin(`DROP DATABASE IF EXISTS ${templateDatabase}`);
    await admin(`CREATE DATABASE ${templateDatabase}`);
    const database = await connect({ databaseUrl: databaseUrl(templateDatabase), poolSize: 2 });
    await migrate(database.db);
    await seedDemo(database.db);
    await database.close();
    return async () => admin(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  }
  const database = await connect({});
  await migrate(database.db);
  await seedDemo(database.db);
  fs.writeFileSync(templateFile, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return async () => fs.rmSync(templateFile, { force: true });
}
