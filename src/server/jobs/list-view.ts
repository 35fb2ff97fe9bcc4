/**
 * The admin list of jobs (resources/jobs.ts) reads the view job_list, one shape for both runners:
 * over the in-process runner's job_queue (created by migration 0015, the view every database starts
 * with) or, once pg-boss runs on the database, over pg-boss's own job table (replaced by boss.ts at
 * its start). pg-boss ids are uuids; the list's integer id is the uuid's first 52 bits (a safe
 * JavaScript integer; its random part makes a clash among the jobs kept vanishingly unlikely), and
 * job_id keeps the uuid. attempts counts the runs begun: pg-boss counts a retry when the next run
 * begins, so it is retry_count plus one once any run began.
 */
export const pgBossListView = `
DROP VIEW IF EXISTS job_list;
CREATE VIEW job_list AS
SELECT ('x' || substr(replace(j.id::text, '-', ''), 1, 13))::bit(52)::bigint AS id,
  (CASE WHEN j.data->>'company_id' ~ '^[0-9]+$' THEN (j.data->>'company_id')::integer END) AS company_id,
  j.id::text AS job_id, j.name, j.state::text AS state,
  j.retry_count + (CASE WHEN j.started_on IS NULL THEN 0 ELSE 1 END) AS attempts,
  (CASE WHEN j.state IN ('failed', 'retry') THEN COALESCE(j.output->>'message', j.output::text) END) AS last_error,
  j.start_after, j.started_on AS started_at, j.completed_on AS completed_at, j.created_on AS created_at, COALESCE(j.completed_on, j.started_on, j.created_on) AS updated_at
FROM pgboss.job j
WHERE j.name NOT LIKE '\\_\\_pgboss\\_\\_%'`;
