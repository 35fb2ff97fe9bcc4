/**
 * How the schema spreads over a database distributed by company (Citus; docs/deploy-postgresql.md,
 * "Running on Citus"). Every table with a company_id is distributed by it (its keys follow the rule of
 * ddl.ts), except the reference tables here: tables without a company (copied whole to every node)
 * and the few with a company_id that are read across companies.
 */
export const referenceTables: Readonly<Record<string, string>> = {
  companies: "the tenants themselves: every company table's company_id references it",
  users: "a person signs in before any company is chosen and may belong to several",
  oauth_tokens: "a token is looked up by its hash before its company is known",
  sign_in_throttles: "counted per account and address, before sign-in",
  schema_migrations: "the migrations applied",
  sso_settings: "found by e-mail domain before sign-in; a domain is unique across companies",
  job_queue: "the embedded database's job runner (PGlite only; PostgreSQL uses pg-boss's own schema); its company_id is optional",
};
