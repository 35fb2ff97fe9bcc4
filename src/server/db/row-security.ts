/**
 * The second tenant wall on PostgreSQL (docs/architecture.md, "Two tenant walls"): every table with
 * a company_id has row-level security enabled and forced, with a policy that shows and accepts only
 * the rows of the company in the setting `app.company_id` — none while it is unset.
 *
 * Two roles: the owner (the DATABASE_URL login: owns the tables, runs migrations, the seed, setup,
 * the jobs that span companies, backups; needs BYPASSRLS or superuser) and the app role (default
 * `outlay_app`, no login, owns nothing, no BYPASSRLS) that every connection of the API switches to
 * at connect (`-c role=…`). The API's connections carry the company of the request: a company-bound
 * Kysely (`forCompany`) sets `app.company_id` on each connection it takes from the pool when the
 * connection holds another value, and `inTransaction` sets it again for its transaction
 * (`set_config(…, true)`). A connection taken without a company is set to '' (no company rows).
 *
 * PGlite is one process and one tenant: the query layer is its only wall, and every function here
 * hands back the database it was given.
 */
import { sql } from "kysely";
import type pg from "pg";
import type { DB } from "./connect.js";
import { prepareReads } from "./prepared.js";

/** `company_id = app.company_id`; '' (the value after a local setting ends) and unset both match nothing */
export const tenantPredicate = "company_id = NULLIF(current_setting('app.company_id', true), '')::integer";

/** The statements that put a company-scoped table behind the wall: the generator emits them for new tables. */
export function rowSecuritySql(table: string): string[] {
  const q = `"${table}"`;
  return [
    `ALTER TABLE ${q} ENABLE ROW LEVEL SECURITY;`,
    `ALTER TABLE ${q} FORCE ROW LEVEL SECURITY;`,
    `CREATE POLICY "${table}_tenant" ON ${q} USING (${tenantPredicate}) WITH CHECK (${tenantPredicate});`,
  ];
}

const roleName = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role the API works as: DATABASE_APP_ROLE, default outlay_app. */
export const configuredAppRole = () => checkRoleName(process.env.DATABASE_APP_ROLE || "outlay_app");

/**
 * As the owner: the app role may use the rows of `schema`, a schema a library creates after the app's
 * role was prepared (pg-boss's queue: the API enqueues a message's delivery job in its own transaction).
 */
export async function grantSchemaToAppRole(owner: DB, schema: string): Promise<void> {
  const role = configuredAppRole();
  const exists = await sql`SELECT 1 FROM pg_roles WHERE rolname = ${role}`.execute(owner);
  if (exists.rows.length === 0) return;
  await sql.raw(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`).execute(owner);
  await sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`).execute(owner);
  await sql.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`).execute(owner);
}

export function checkRoleName(role: string): string {
  if (!roleName.test(role)) throw new Error(`DATABASE_APP_ROLE=${role} is not a plain role name (lower-case letters, digits, _).`);
  return role;
}

/**
 * Makes sure, as the owner, that the app role exists and may use the owner's tables: creates it when
 * the owner is a superuser (the compose file's database), else refuses to start with what to run.
 * The grants cover tables the owner creates later (default privileges), so migrations need no grants.
 */
export async function prepareAppRole(owner: pg.Pool, role: string): Promise<void> {
  const client = await owner.connect();
  try {
    const me = (await client.query<{ rolsuper: boolean; rolbypassrls: boolean; name: string }>(
      "SELECT rolsuper, rolbypassrls, rolname AS name FROM pg_roles WHERE rolname = current_user")).rows[0];
    const grantsNeeded = `as a superuser: CREATE ROLE ${role} NOLOGIN; GRANT ${role} TO ${me.name}; ALTER ROLE ${me.name} BYPASSRLS; (docs/deploy-postgresql.md)`;
    if (!me.rolsuper && !me.rolbypassrls) throw new Error(`The database owner ${me.name} needs BYPASSRLS for migrations, the seed and jobs: ${grantsNeeded}`);
    await client.query("BEGIN");
    // several processes may start at once: one prepares, the others wait (GRANT is not concurrency-safe)
    await client.query("SELECT pg_advisory_xact_lock(4243)");
    const exists = (await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role])).rowCount === 1;
    if (!exists && !me.rolsuper) throw new Error(`The role ${role} the API works as does not exist: ${grantsNeeded}`);
    if (!exists) await client.query(`CREATE ROLE ${role} NOLOGIN`);
    const member = (await client.query<{ ok: boolean }>("SELECT pg_has_role(current_user, $1, 'MEMBER') AS ok", [role])).rows[0].ok;
    if (!member) throw new Error(`The owner ${me.name} may not switch to ${role}: ${grantsNeeded}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${role}`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What the pool's connections hold in app.company_id (session level), so a checkout sets it only on a change. */
const held = new WeakMap<object, string>();

/** A pool for Kysely whose connections carry `company` ('' = none) in app.company_id. */
export function companyPool(pool: pg.Pool, company: string) {
  return {
    async connect() {
      const client = await pool.connect();
      prepareReads(client);
      if (held.get(client) !== company) {
        try {
          await client.query("SELECT set_config('app.company_id', $1, false)", [company]);
        } catch (error) {
          client.release(error as Error); // a connection in an unknown state is closed, not reused
          throw error;
        }
        held.set(client, company);
      }
      return client;
    },
    // the shared pool is ended by its owner (connect.ts)
    end: async () => undefined,
  };
}

interface Scopes {
  /** the app database bound to a company, made once per company */
  company(id: number): DB;
  /** the owner's database, for the narrow lookups that precede a company (see callers) */
  system: DB;
}

// one registry per process, even when the module is loaded twice (tests load a second copy of the
// server as "another process" on the same database): a copy that did not know the database would
// leave requests without their company
const registryKey = Symbol.for("outlay.row-security.scopes");
const scopes: WeakMap<DB, Scopes> = ((globalThis as Record<symbol, unknown>)[registryKey] ??= new WeakMap<DB, Scopes>()) as WeakMap<DB, Scopes>;

export function registerScopes(dbs: DB[], value: Scopes): void {
  for (const db of dbs) scopes.set(db, value);
}

/** True for the owner's database on PostgreSQL (the app refuses to serve on it: app.ts). */
export function passesWall(db: DB): boolean {
  return scopes.get(db)?.system === db;
}

/** `db` (an app database, bound to a company or not) bound to `companyId`; on PGlite, `db` itself. */
export function forCompany(db: DB, companyId: number): DB {
  return scopes.get(db)?.company(companyId) ?? db;
}

/**
 * The owner's database behind an app database: it passes the wall. Only for what precedes or spans
 * companies and is not a request's data (a public link's token → company; job queue depth).
 * On PGlite, `db` itself.
 */
export function systemDb(db: DB): DB {
  return scopes.get(db)?.system ?? db;
}

/** True for an app database on PostgreSQL: its transactions set the company (unit-of-work.ts). */
export function behindWall(db: DB): boolean {
  return scopes.has(db) && !passesWall(db);
}

/** `set_config('app.company_id', id, true)`: the company of this transaction. */
export async function setTransactionCompany(trx: DB, companyId: number): Promise<void> {
  await sql`SELECT set_config('app.company_id', ${String(companyId)}, true)`.execute(trx);
}
