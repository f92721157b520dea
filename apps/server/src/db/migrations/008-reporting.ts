import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

const SIGN_IN_EVENT = 'User Login';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // On SQLite the rows live in their primary key's b-tree, so a range of keys reads no other page.
  const clustered = (table: CreateTableBuilder<string>) =>
    engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
  // Widened to any column name, so the primary key may name the columns added before and after.
  const activity = (table: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> =>
    table
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('sign_ins', 'integer', (c) => c.notNull())
      .addColumn('last_sign_in_at', 'varchar(32)');

  // Reporting reads rollups instead of the raw events, so a 90-day report over a million events
  // reads a few thousand rows. A trigger keeps them in step with every insert, whatever the path
  // (relay, seed, bulk SQL), and only rows actually inserted count (a resent event id is ignored).
  await db.schema
    .createTable('analytics_user_days')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .$call(activity)
    .addPrimaryKeyConstraint('analytics_user_days_pk', ['tenant_id', 'day', 'user_id'])
    .$call(clustered)
    .execute();
  // One row per user and week (Monday first): whole weeks of a range read these, a seventh of the
  // rows; days_mask has bit i set when the user was active on the week's day i (0 = Monday).
  await db.schema
    .createTable('analytics_user_weeks')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('week', 'varchar(10)', (c) => c.notNull())
    .addColumn('days_mask', 'integer', (c) => c.notNull())
    .$call(activity)
    .addPrimaryKeyConstraint('analytics_user_weeks_pk', ['tenant_id', 'week', 'user_id'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('analytics_event_days')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // The event's name for a track event; for a page view its screen: the path, with the record id
    // of a record's page replaced by ':id' (see pageOf).
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    // Type before day: the named-event and the page reports each read only their own rows.
    .addPrimaryKeyConstraint('analytics_event_days_pk', ['tenant_id', 'type', 'day', 'name'])
    .$call(clustered)
    .execute();

  // Events stored before this migration.
  const day = 'substr(occurred_at, 1, 10)';
  await sql`
    INSERT INTO analytics_user_days (tenant_id, day, user_id, email, events, sign_ins, last_sign_in_at)
    SELECT tenant_id, ${sql.raw(day)}, user_id, max(email), count(*), ${sql.raw(SIGN_INS)}, ${sql.raw(LAST_SIGN_IN)}
    FROM analytics_events GROUP BY tenant_id, ${sql.raw(day)}, user_id`.execute(db);
  // A user has one row per day, so the sum of the days' bits is their union.
  await sql`
    INSERT INTO analytics_user_weeks (tenant_id, week, days_mask, user_id, email, events, sign_ins, last_sign_in_at)
    SELECT tenant_id, ${sql.raw(weekOf(engine, 'day'))}, sum(${sql.raw(dayBit(engine, 'day'))}), user_id, max(email),
      sum(events), sum(sign_ins), max(last_sign_in_at)
    FROM analytics_user_days GROUP BY tenant_id, ${sql.raw(weekOf(engine, 'day'))}, user_id`.execute(db);
  await sql`
    INSERT INTO analytics_event_days (tenant_id, type, day, name, events)
    SELECT tenant_id, type, ${sql.raw(day)}, ${sql.raw(keyOf(''))}, count(*)
    FROM analytics_events
    GROUP BY tenant_id, type, ${sql.raw(day)}, ${sql.raw(keyOf(''))}`.execute(db);

  if (engine === 'sqlite') await sqliteTrigger(db);
  else await postgresTrigger(db);
}

const IS_SIGN_IN = `type = 'track' AND event = '${SIGN_IN_EVENT}'`;
const SIGN_INS = `sum(CASE WHEN ${IS_SIGN_IN} THEN 1 ELSE 0 END)`;
const LAST_SIGN_IN = `max(CASE WHEN ${IS_SIGN_IN} THEN occurred_at END)`;

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

/** SQL for the day's bit in a week's days_mask: 1 on Monday, 64 on Sunday. */
const dayBit = (engine: Engine, day: string) =>
  engine === 'sqlite'
    ? `(1 << ((CAST(strftime('%w', ${day}) AS INTEGER) + 6) % 7))`
    : `(1 << (EXTRACT(ISODOW FROM (${day})::date)::integer - 1))`;

/** SQL keeping the later of the stored and the incoming last sign-in. */
const laterSignIn = (table: string) => `
  CASE WHEN excluded.last_sign_in_at IS NULL THEN ${table}.last_sign_in_at
       WHEN ${table}.last_sign_in_at IS NULL OR excluded.last_sign_in_at > ${table}.last_sign_in_at THEN excluded.last_sign_in_at
       ELSE ${table}.last_sign_in_at END`;

/** The upsert's update of the activity columns, adding the incoming counts. */
const addActivity = (table: string) => `
  email = excluded.email,
  events = ${table}.events + excluded.events,
  sign_ins = ${table}.sign_ins + excluded.sign_ins,
  last_sign_in_at = ${laterSignIn(table)}`;

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function sqliteTrigger(db: Kysely<any>): Promise<void> {
  // SQLite has only row triggers: each event costs three primary-key upserts.
  const day = 'substr(NEW.occurred_at, 1, 10)';
  const isSignIn = `NEW.type = 'track' AND NEW.event = '${SIGN_IN_EVENT}'`;
  const signIn = `CASE WHEN ${isSignIn} THEN 1 ELSE 0 END`;
  const signInAt = `CASE WHEN ${isSignIn} THEN NEW.occurred_at END`;
  await sql
    .raw(`
    CREATE TRIGGER analytics_events_rollup AFTER INSERT ON analytics_events
    BEGIN
      INSERT INTO analytics_user_days (tenant_id, day, user_id, email, events, sign_ins, last_sign_in_at)
      VALUES (NEW.tenant_id, ${day}, NEW.user_id, NEW.email, 1, ${signIn}, ${signInAt})
      ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET ${addActivity('analytics_user_days')};
      INSERT INTO analytics_user_weeks (tenant_id, week, days_mask, user_id, email, events, sign_ins, last_sign_in_at)
      VALUES (NEW.tenant_id, ${weekOf('sqlite', day)}, ${dayBit('sqlite', day)}, NEW.user_id, NEW.email, 1, ${signIn}, ${signInAt})
      ON CONFLICT (tenant_id, week, user_id) DO UPDATE SET
        days_mask = analytics_user_weeks.days_mask | excluded.days_mask, ${addActivity('analytics_user_weeks')};
      INSERT INTO analytics_event_days (tenant_id, type, day, name, events)
      VALUES (NEW.tenant_id, NEW.type, ${day}, ${keyOf('NEW.')}, 1)
      ON CONFLICT (tenant_id, type, day, name) DO UPDATE SET events = analytics_event_days.events + 1;
    END`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function postgresTrigger(db: Kysely<any>): Promise<void> {
  // One statement trigger per insert: the batch is folded in one upsert per rollup, ordered so
  // that concurrent batches lock rollup rows in the same order.
  const day = 'substr(occurred_at, 1, 10)';
  await sql
    .raw(`
    CREATE FUNCTION analytics_events_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO analytics_user_days (tenant_id, day, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, ${day}, user_id, max(email), count(*), ${SIGN_INS}, ${LAST_SIGN_IN}
      FROM inserted_events GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, day, user_id) DO UPDATE SET ${addActivity('analytics_user_days')};
      INSERT INTO analytics_user_weeks (tenant_id, week, days_mask, user_id, email, events, sign_ins, last_sign_in_at)
      SELECT tenant_id, ${weekOf('postgres', day)}, bit_or(${dayBit('postgres', day)}), user_id, max(email), count(*), ${SIGN_INS}, ${LAST_SIGN_IN}
      FROM inserted_events GROUP BY 1, 2, 4 ORDER BY 1, 2, 4
      ON CONFLICT (tenant_id, week, user_id) DO UPDATE SET
        days_mask = analytics_user_weeks.days_mask | excluded.days_mask, ${addActivity('analytics_user_weeks')};
      INSERT INTO analytics_event_days (tenant_id, type, day, name, events)
      SELECT tenant_id, type, ${day}, ${keyOf('')}, count(*)
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
