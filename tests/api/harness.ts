/** Each test file gets its own app on its own copy of the seeded template database. */
import crypto from "node:crypto";
import fs from "node:fs";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { connect, type Database } from "../../src/server/db/connect.js";
import type { ResourceDef } from "../../src/framework/resource.js";
import type { ServerModule } from "../../src/server/resources/modules.js";
import { demoPassword } from "../../src/server/seed/demo.js";
import { admin, databaseUrl, templateDatabase, templateFile, usePostgres } from "./template.js";

export interface Harness {
  app: FastifyInstance;
  database: Database;
  /** sign in and return the headers of that user's requests */
  login(email: string, companyId?: number): Promise<Record<string, string>>;
  companyId(name: string): Promise<number>;
}

export async function openDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (usePostgres) {
    const name = `outlay_test_${crypto.randomBytes(4).toString("hex")}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    const database = await connect({ databaseUrl: databaseUrl(name), poolSize: 10 });
    return { database, drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
  }
  const database = await connect({ loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
  return { database, drop: async () => {} };
}

export function useApp(options: { resources?: readonly ResourceDef[]; modules?: readonly ServerModule[]; prepare?(database: Database): Promise<void> } = {}): Harness {
  const harness = {} as Harness;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openDatabase();
    drop = opened.drop;
    await options.prepare?.(opened.database);
    harness.database = opened.database;
    harness.app = await buildApp({ db: opened.database.app, resources: options.resources, modules: options.modules });
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.database?.close();
    await drop();
  });
  harness.login = async (email, companyId) => {
    const response = await harness.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username: email, password: demoPassword } });
    if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
    const headers: Record<string, string> = { authorization: `Bearer ${response.json().access_token}` };
    if (companyId !== undefined) headers["company-id"] = String(companyId);
    return headers;
  };
  harness.companyId = async (name) => {
    const row = await harness.database.db.selectFrom("companies").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    return row.id as number;
  };
  return harness;
}

export type Call = InjectOptions;
