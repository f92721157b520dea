import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

const SIGN_IN_EVENT = 'User Login';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // On SQLite the rows live in their primary key's b-tree, so a range of days reads no other page.
  const clustered = (table: CreateTableBuilder<string>) =>
    engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
  // Reporting reads daily rollups instead of the raw events: a 90-day report over a million events
  // then reads a few thousand rows. Triggers keep them in step with every insert, whatever the path
  // (relay, seed, bulk SQL), and only rows actually inserted count (a resent event id is ignored).
  await db.schema
    .createTable('analytics_user_days')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // Monday of the day's week, so weekly actives group without date arithmetic per row.
    .addColumn('week', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('sign_ins', 'integer', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'varchar(32)')
    .addPrimaryKeyConstraint('analytics_user_days_pk', ['tenant_id', 'day', 'user_id'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('analytics_event_days')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    // The event's name for a track event; for a page view its screen: the path, with the record id
    // of a record's page replaced by ':id' (see pageOf).
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    // Type before day: the named-event and the page reports each read only their own rows.
    .addPrimaryKeyConstraint('analytics_event_days_pk', ['tenant_id', 'type', 'day', 'name'])
    .$call(clustered)
    .execute();

  // Events stored before this migration.
  await sql`
    INSERT INTO analytics_user_days (tenant_id, day, week, user_id, email, events, sign_ins, last_sign_in_at)
    SELECT tenant_id, substr(occurred_at, 1, 10), ${sql.raw(weekOf(engine, 'substr(occurred_at, 1, 10)'))}, user_id, max(email), count(*),
      sum(CASE WHEN type = 'track' AND event = ${SIGN_IN_EVENT} THEN 1 ELSE 0 END),
      max(CASE WHEN type = 'track' AND event = ${SIGN_IN_EVENT} THEN occurred_at END)
    FROM analytics_events GROUP BY tenant_id, substr(occurred_at, 1, 10), user_id`.execute(db);
  await sql`
    INSERT INTO analytics_event_days (tenant_id, day, type, name, events)
    SELECT tenant_id, substr(occurred_at, 1, 10), type, ${sql.raw(keyOf(''))}, count(*)
    FROM analytics_events
    GROUP BY tenant_id, substr(occurred_at, 1, 10), type, ${sql.raw(keyOf(''))}`.execute(db);

  if (engine === 'sqlite') await sqliteTrigger(db);
  else await postgresTrigger(db);
}

/**
 * The app's pages that show one record (router.tsx): each record's path counts as one page, so
 * "page views by page" names screens, and the rollup stays as small as the app's list of screens.
 * Frozen here like any migration: a later route with an id needs a later migration.
 */
const RECORD_PAGES = ['accounts', 'valueMatch', 'action', 'workspaces', 'lists'];

/** SQL for a page view's screen (`row` is 'NEW.' inside a SQLite row trigger, '' elsewhere). */
const pageOf = (row: string) =>
  `CASE ${RECORD_PAGES.map((p) => `WHEN ${row}name LIKE '/${p}/%' THEN '/${p}/:id'`).join(' ')} ELSE coalesce(${row}name, ${row}event) END`;

/** SQL for an event's rollup key: its name for a track event, its screen for a page view. */
const keyOf = (row: string) => `CASE WHEN ${row}type = 'page' THEN ${pageOf(row)} ELSE ${row}event END`;

/** SQL for the Monday on or before an ISO day, as an ISO day. */
const weekOf = (engine: Engine, day: string) =>
  engine === 'sqlite'
    ? `date(${day}, '-6 days', 'weekday 1')`
    : `to_char(date_trunc('week', (${day})::date), 'YYYY-MM-DD')`;

const laterSignIn = (incoming: string) => `
  CASE WHEN ${incoming} IS NULL THEN analytics_user_days.last_sign_in_at
       WHEN analytics_user_days.last_sign_in_at IS NULL OR ${incoming} > analytics_user_days.last_sign_in_at THEN ${incoming}
       ELSE analytics_user_days.last_sign_in_at END`;

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function sqliteTrigger(db: Kysely<any>): Promise<void> {
  // SQLite has only row triggers; each costs two primary-key upserts.
  await sql
    .raw(`
    CREATE TRIGGER analytics_events_rollup AFTER INSERT ON analytics_events
    BEGIN
      INSERT INTO analytics_user_days (tenant_id, day, week, user_id, email, events, sign_ins, last_sign_in_at)
      VALUES (NEW.tenant_id, substr(NEW.occurred_at, 1, 10), ${weekOf('sqlite', 'substr(NEW.occurred_at, 1, 10)')}, NEW.user_id, NEW.email, 1,
        CASE WHEN NEW.type = 'track' AND NEW.event = '${SIGN_IN_EVENT}' THEN 1 ELSE 0 END,
        CASE WHEN NEW.type = 'track' AND NEW.event = '${SIGN_IN_EVENT}' THEN NEW.occurred_at END)
      ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET
        email = excluded.email,
        events = analytics_user_days.events + 1,
        sign_ins = analytics_user_days.sign_ins + excluded.sign_ins,
        last_sign_in_at = ${laterSignIn('excluded.last_sign_in_at')};
      INSERT INTO analytics_event_days (tenant_id, day, type, name, events)
      VALUES (NEW.tenant_id, substr(NEW.occurred_at, 1, 10), NEW.type,
        ${keyOf('NEW.')}, 1)
      ON CONFLICT (tenant_id, type, day, name) DO UPDATE SET events = analytics_event_days.events + 1;
    END`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function postgresTrigger(db: Kysely<any>): Promise<void> {
  // One statement trigger per insert: the batch is folded by day and user in one upsert each,
  // ordered so that concurrent batches lock rollup rows in the same order.
  await sql
    .raw(`
    CREATE FUNCTION analytics_events_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO analytics_user_days (tenant_id, day, week, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, substr(occurred_at, 1, 10), ${weekOf('postgres', 'substr(occurred_at, 1, 10)')}, user_id, max(email), count(*),
        sum(CASE WHEN type = 'track' AND event = '${SIGN_IN_EVENT}' THEN 1 ELSE 0 END),
        max(CASE WHEN type = 'track' AND event = '${SIGN_IN_EVENT}' THEN occurred_at END)
      FROM inserted_events GROUP BY 1, 2, 4 ORDER BY 1, 2, 4
      ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET
        email = excluded.email,
        events = analytics_user_days.events + excluded.events,
        sign_ins = analytics_user_days.sign_ins + excluded.sign_ins,
        last_sign_in_at = ${laterSignIn('excluded.last_sign_in_at')};
      INSERT INTO analytics_event_days (tenant_id, day, type, name, events)
      SELECT tenant_id, substr(occurred_at, 1, 10), type,
        ${keyOf('')}, count(*)
      FROM inserted_events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, type, day, name) DO UPDATE SET events = analytics_event_days.events + excluded.events;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`
    CREATE TRIGGER analytics_events_rollup AFTER INSERT ON analytics_events
    REFERENCING NEW TABLE AS inserted_events
    FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_rollup()`)
    .execute(db);
}
