-- Tenant keys (company_id, id) for the tables added beside migration 0045 (credits, checks, positive pay, posting periods, capture)

CREATE OR REPLACE FUNCTION pg_temp.tenant_primary_key(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fk record;
  again text[] := '{}';
  statement text;
  name text := (SELECT relname FROM pg_class WHERE oid = tbl);
BEGIN
  FOR fk IN SELECT conrelid::regclass AS owner, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE contype = 'f' AND confrelid = tbl LOOP
    again := again || format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.owner, fk.conname, fk.definition);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.owner, fk.conname);
  END LOOP;
  EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', tbl, name || '_pkey');
  EXECUTE format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', tbl, name || '_company_id_id_key');
  EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I PRIMARY KEY (company_id, id)', tbl, name || '_pkey');
  FOREACH statement IN ARRAY again LOOP EXECUTE statement; END LOOP;
END $$;

SELECT pg_temp.tenant_primary_key('"credit_refunds"');

SELECT pg_temp.tenant_primary_key('"capture_layouts"');

SELECT pg_temp.tenant_primary_key('"capture_messages"');

SELECT pg_temp.tenant_primary_key('"capture_settings"');

SELECT pg_temp.tenant_primary_key('"checks"');

SELECT pg_temp.tenant_primary_key('"invoice_captures"');

SELECT pg_temp.tenant_primary_key('"positive_pay_settings"');

SELECT pg_temp.tenant_primary_key('"posting_periods"');
