-- Row-level security, the second tenant wall (docs/architecture.md): every table with a company_id
-- shows and accepts only the rows of the company in app.company_id, none while it is unset; FORCE
-- makes the owner subject to it too (the owner passes it only with BYPASSRLS: migrations, seed, jobs).
-- The list is read from the schema itself, so it is every company-scoped table there is; tables
-- created later get the same statements from the generator (src/server/db/ddl.ts).
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'company_id'
    ORDER BY 1
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (company_id = NULLIF(current_setting(''app.company_id'', true), '''')::integer) WITH CHECK (company_id = NULLIF(current_setting(''app.company_id'', true), '''')::integer)', t || '_tenant', t);
  END LOOP;
END
$$;
