/**
 * The admin list of jobs (resources/jobs.ts) reads the view job_list, one shape for both runners:
 * over the in-process runner's job_queue (created by migration 0015, the view every database starts
 * with) or, once pg-boss runs on the database, over pg-boss's own job table (replaced by boss.ts at
 * its start). pg-boss ids are uuids, the app's record ids integers (the path guard takes int4 only):
 * a job the app sends gets a uuid that carries a number of the sequence job_list_id_seq
 * (`0000002a-0000-4000-8000-…`: sequenceUuid), read back as its id; a job pg-boss makes itself (a
 * cron tick) has a random uuid, whose first 30 bits are its id above 2^30, apart from the sequence's
 * range (ticks are few: a clash among those kept is unlikely, and would only show one of the two).
 * job_id keeps the uuid. attempts counts the runs begun: pg-boss counts a retry when the next run
 * begins, so it is retry_count plus one once any run began.
 */
export const pgBossListView = `
DROP VIEW IF EXISTS job_list;
CREATE VIEW job_list AS
SELECT (CASE WHEN substr(j.id::text, 10, 4) = '0000' THEN ('x' || substr(j.id::text, 1, 8))::bit(32)::integer
    ELSE 1073741824 + (('x' || substr(j.id::text, 1, 8))::bit(32)::integer & 1073741823) END) AS id,
  (CASE WHEN j.data->>'company_id' ~ '^[0-9]+$' THEN (j.data->>'company_id')::integer END) AS company_id,
  j.id::text AS job_id, j.name, j.state::text AS state,
  j.retry_count + (CASE WHEN j.started_on IS NULL THEN 0 ELSE 1 END) AS attempts,
  (CASE WHEN j.state IN ('failed', 'retry') THEN COALESCE(j.output->>'message', j.output::text) END) AS last_error,
  j.start_after, j.started_on AS started_at, j.completed_on AS completed_at, j.created_on AS created_at, COALESCE(j.completed_on, j.started_on, j.created_on) AS updated_at
FROM pgboss.job j
WHERE j.name NOT LIKE '\\_\\_pgboss\\_\\_%'`;


/** The uuid of job number `n` of job_list_id_seq (below 2^30), whose id in the list is `n`. */
export const sequenceUuid = (n: number, random: string) => `${n.toString(16).padStart(8, "0")}-0000-4000-8000-${random}`;
