import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

const SIGN_IN_EVENT = 'User Login';
const IS_SIGN_IN = `type = 'track' AND event = '${SIGN_IN_EVENT}'`;
const SIGN_INS = `sum(CASE WHEN ${IS_SIGN_IN} THEN 1 ELSE 0 END)`;
const LAST_SIGN_IN = `max(CASE WHEN ${IS_SIGN_IN} THEN occurred_at END)`;
/** As migration 008 (frozen there and here): a record's page counts as one screen. */
const RECORD_PAGES = ['accounts', 'valueMatch', 'action', 'workspaces', 'lists'];
const PAGE_OF = `CASE ${RECORD_PAGES.map((p) => `WHEN name LIKE '/${p}/%' THEN '/${p}/:id'`).join(' ')} ELSE coalesce(name, event) END`;
const KEY_OF = `CASE WHEN type = 'page' THEN ${PAGE_OF} ELSE event END`;
const DAY = 'substr(occurred_at, 1, 10)';
const WEEK = `to_char(date_trunc('week', (${DAY})::date), 'YYYY-MM-DD')`;
const DAY_BIT = `(1 << (EXTRACT(ISODOW FROM (${DAY})::date)::integer - 1))`;

/**
 * Every fold deletes all the rows of the delta tables, and its next DELETE reads their dead rows
 * again until a vacuum clears them: vacuumed by a count of dead rows, not a share of live ones
 * (which stays near zero). Measured: after a 1.1M-event import, reports took p95 356 ms until
 * autovacuum had cleared the deltas, then 29 ms.
 */
const VACUUM_OFTEN = 'autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000';

/** The upsert's update of the activity columns, adding the incoming counts (as migration 008). */
const addActivity = (table: string) => `
  email = excluded.email,
  events = ${table}.events + excluded.events,
  sign_ins = ${table}.sign_ins + excluded.sign_ins,
  last_sign_in_at = CASE WHEN excluded.last_sign_in_at IS NULL THEN ${table}.last_sign_in_at
    WHEN ${table}.last_sign_in_at IS NULL OR excluded.last_sign_in_at > ${table}.last_sign_in_at THEN excluded.last_sign_in_at
    ELSE ${table}.last_sign_in_at END`;

/**
 * PostgreSQL analytics ingest (issue #20). Migration 008's statement trigger upserted each batch
 * into the three rollups inside the events' own transaction, so every batch locked the same few
 * rollup rows (the tenant's user-day, user-week and event-day rows) until its commit had reached
 * the disk: concurrent batches waited for each other's WAL flush one after another (seen in
 * pg_stat_activity as Lock:transactionid and IO:WALSync), which capped the ingest near 16,000
 * events/s whatever the number of requests in flight.
 *
 * Now the trigger appends the batch's aggregated counts to three insert-only delta tables, in the
 * same transaction as the events (so events and their counts are committed together, or neither),
 * and locks no shared row. `analytics_fold_rollups()` moves every delta into the rollups in one
 * transaction, one fold at a time (an advisory lock): the ingest calls it after its inserts without
 * waiting for it, and Reporting calls it before it reads, so a report counts every stored event as
 * before. SQLite keeps its row trigger: one writer at a time, nothing to wait for.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql
    .raw(`
    CREATE TABLE analytics_user_days_delta (
      tenant_id varchar(64) NOT NULL, day varchar(10) NOT NULL, user_id varchar(64) NOT NULL,
      email varchar(254) NOT NULL, events integer NOT NULL, sign_ins integer NOT NULL, last_sign_in_at varchar(32)) WITH (${VACUUM_OFTEN});
    CREATE TABLE analytics_user_weeks_delta (
      tenant_id varchar(64) NOT NULL, week varchar(10) NOT NULL, days_mask integer NOT NULL, user_id varchar(64) NOT NULL,
      email varchar(254) NOT NULL, events integer NOT NULL, sign_ins integer NOT NULL, last_sign_in_at varchar(32)) WITH (${VACUUM_OFTEN});
    CREATE TABLE analytics_event_days_delta (
      tenant_id varchar(64) NOT NULL, type varchar(8) NOT NULL, day varchar(10) NOT NULL, name varchar(500) NOT NULL,
      events integer NOT NULL) WITH (${VACUUM_OFTEN});

    CREATE OR REPLACE FUNCTION analytics_events_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO analytics_user_days_delta (tenant_id, day, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, ${DAY}, user_id, max(email), count(*), ${SIGN_INS}, ${LAST_SIGN_IN}
      FROM inserted_events GROUP BY 1, 2, 3;
      INSERT INTO analytics_user_weeks_delta (tenant_id, week, days_mask, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, ${WEEK}, bit_or(${DAY_BIT}), user_id, max(email), count(*), ${SIGN_INS}, ${LAST_SIGN_IN}
      FROM inserted_events GROUP BY 1, 2, 4;
      INSERT INTO analytics_event_days_delta (tenant_id, type, day, name, events)
      SELECT tenant_id, type, ${DAY}, ${KEY_OF}, count(*)
      FROM inserted_events GROUP BY 1, 2, 3, 4;
      RETURN NULL;
    END $$;

    CREATE FUNCTION analytics_fold_rollups() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- One fold at a time: two would lock the same rollup rows, each waiting for the other.
      PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_rollups'));
      WITH moved AS (DELETE FROM analytics_user_days_delta RETURNING *)
      INSERT INTO analytics_user_days (tenant_id, day, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, day, user_id, max(email), sum(events), sum(sign_ins), max(last_sign_in_at)
      FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET ${addActivity('analytics_user_days')};
      WITH moved AS (DELETE FROM analytics_user_weeks_delta RETURNING *)
      INSERT INTO analytics_user_weeks (tenant_id, week, days_mask, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, week, bit_or(days_mask), user_id, max(email), sum(events), sum(sign_ins), max(last_sign_in_at)
      FROM moved GROUP BY 1, 2, 4 ORDER BY 1, 2, 4
      ON CONFLICT (tenant_id, week, user_id) DO UPDATE SET
        days_mask = analytics_user_weeks.days_mask | excluded.days_mask, ${addActivity('analytics_user_weeks')};
      WITH moved AS (DELETE FROM analytics_event_days_delta RETURNING *)
      INSERT INTO analytics_event_days (tenant_id, type, day, name, events)
      SELECT tenant_id, type, day, name, sum(events)
      FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, type, day, name) DO UPDATE SET events = analytics_event_days.events + excluded.events;
    END $$;`)
    .execute(db);
}
