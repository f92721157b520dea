// npm run bench:reporting: stores 1,000,000 synthetic analytics events (deterministic) for one
// tenant of 200 users over 120 days, plus a second tenant, through the relay's own insert code
// into a throw-away SQLite database (or DATABASE_URL), then times whole Reporting answers (every
// aggregation of GET /api/reporting) for 90-day ranges, and each aggregation alone. Prints each
// figure beside its target.
// BENCH_DATA_DIR=dir keeps the SQLite database there (DATABASE_URL's PostgreSQL database is kept
// anyway); BENCH_REUSE=1 then measures again on the events a previous run stored, skipping the
// import. Migrations still run first, so a new index or a rollup's backfill is built over them.
import { performance } from 'node:perf_hooks';
import type { AnalyticsEvent } from '@quarry/shared';
import { ANALYTICS_BATCH_MAX_EVENTS, DAY_MS } from '@quarry/shared';
import dayjs from 'dayjs';
import type { RequestContext } from '../apps/server/src/lib/request-context.ts';
import { type Random, seededRandom } from '../apps/server/src/lib/seeded-random.ts';
import { createAnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository.ts';
import {
  createReportingRepository,
  type ReportingRepository,
} from '../apps/server/src/modules/reporting/reporting.repository.ts';
import { createReportingService } from '../apps/server/src/modules/reporting/reporting.service.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const OTHER_TENANT_EVENTS = Math.round(EVENTS / 10);
const USERS = 200;
const DAYS = 120;
const RANGE_DAYS = 90;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const TARGET_P95_MS = 100;
const TENANT = 'tnt_bench';

const NAMED = [
  'Value Match viewed',
  'List Mutated',
  'Workspace Mutated',
  'Filter Created',
  'Favorite Created',
  'Comment Created',
  'Flow triggered',
  'Flow sent',
  'Value Message Generated',
  'Trigger viewed',
  'Object Downloaded',
  'Error Logged',
] as const;
const ROUTES = ['/', '/MyTerritory', '/actions', '/upload', '/settings', '/preferences/user', '/reporting'];

const today = dayjs().startOf('day');
const todayMs = today.valueOf();

/** A tenant's events: 1 in 20 a sign-in, half page views (account pages among 500 accounts), the rest named. */
function* syntheticEvents(tenant: string, count: number, random: Random): Generator<AnalyticsEvent> {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  for (let i = 0; i < count; i++) {
    const user = Math.floor(random() * USERS);
    // Within the last DAYS days: plain milliseconds, as dayjs per event would cost more than the insert.
    const at = new Date(todayMs - Math.floor(random() * DAYS * DAY_MS) + DAY_MS - 1).toISOString();
    const roll = random();
    const path = random() < 0.4 ? `/accounts/${Math.floor(random() * 500)}` : pick(ROUTES);
    const base = {
      id: `${tenant}-${i.toString(36).padStart(8, '0')}`,
      user_properties: { user_id: `${tenant}-u${user}`, tenant_id: tenant, email: `user${user}@${tenant}.test` },
      timestamp: at,
    };
    if (roll < 0.05) yield { ...base, type: 'track', event: 'User Login', properties: {} };
    else if (roll < 0.55) yield { ...base, type: 'page', event: 'Page Viewed', name: path, properties: { path } };
    else yield { ...base, type: 'track', event: pick(NAMED), properties: { source: 'bench' } };
  }
}

async function store(
  relay: ReturnType<typeof createAnalyticsRepository>,
  tenant: string,
  events: Iterable<AnalyticsEvent>,
) {
  let batch: AnalyticsEvent[] = [];
  let stored = 0;
  for (const e of events) {
    batch.push(e);
    if (batch.length === ANALYTICS_BATCH_MAX_EVENTS) {
      stored += await relay.insertMany(tenant, batch);
      batch = [];
    }
  }
  if (batch.length > 0) stored += await relay.insertMany(tenant, batch);
  return stored;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * The repository with each aggregation run alone, one after another, and its time recorded under
 * its name: what each query costs, without the wait for the ones queued before it.
 */
function timedRepository(repository: ReportingRepository, times: Map<string, number[]>): ReportingRepository {
  const wrapped: Record<string, unknown> = {};
  let previous: Promise<unknown> = Promise.resolve();
  for (const [name, query] of Object.entries(repository)) {
    const into: number[] = [];
    times.set(name, into);
    wrapped[name] = (...args: unknown[]) => {
      const run = previous.then(async () => {
        const t0 = performance.now();
        const result = await (query as (...a: unknown[]) => Promise<unknown>)(...args);
        into.push(performance.now() - t0);
        return result;
      });
      previous = run.catch(() => undefined);
      return run;
    };
  }
  return wrapped as ReportingRepository;
}

if (process.env.BENCH_DATA_DIR && !process.env.DATABASE_URL) process.env.DATA_DIR = process.env.BENCH_DATA_DIR;
const keep = Boolean(process.env.BENCH_KEEP || process.env.BENCH_DATA_DIR);
const { handle, close } = await openMigratedDatabase({ throwAway: !keep });
console.log(`bench:reporting on ${handle.engine}`);
try {
  const existing = await handle.db.selectFrom('tenants').select('id').where('id', '=', TENANT).executeTakeFirst();
  if (existing && process.env.BENCH_REUSE !== '1') {
    throw new Error(`${TENANT} is already stored: set BENCH_REUSE=1 to measure on it, or use an empty database`);
  }
  if (existing) console.log(`  import      skipped (BENCH_REUSE=1): measuring the events already stored for ${TENANT}`);
  else await importEvents();
  await report();
} finally {
  await close();
}

async function importEvents() {
  const at = new Date().toISOString();
  await handle.db
    .insertInto('tenants')
    .values([
      { id: TENANT, name: 'Bench', created_at: at },
      { id: 'tnt_other', name: 'Other', created_at: at },
    ])
    .execute();
  await handle.db
    .insertInto('users')
    .values(
      Array.from({ length: USERS }, (_, u) => ({
        uid: `${TENANT}-u${u}`,
        email: `user${u}@${TENANT}.test`,
        display_name: `Bench User ${u}`,
        company: TENANT,
        is_admin: 0,
        is_manager: u === 0 ? 1 : 0,
        preferences: '{}',
        last_login_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

  const relay = createAnalyticsRepository(handle.db);
  const importStart = performance.now();
  const stored = await store(relay, TENANT, syntheticEvents(TENANT, EVENTS, seededRandom(42)));
  const otherStored = await store(
    relay,
    'tnt_other',
    syntheticEvents('tnt_other', OTHER_TENANT_EVENTS, seededRandom(7)),
  );
  // PostgreSQL: the batches' counts are moved into the rollups by a fold (migration 050).
  await relay.foldRollups();
  const importSeconds = (performance.now() - importStart) / 1000;
  console.log(
    `  import      ${stored.toLocaleString('en-US')} events in ${TENANT} + ${otherStored.toLocaleString('en-US')} in another tenant through the relay insert (batches of ${ANALYTICS_BATCH_MAX_EVENTS}), rollups included: ${importSeconds.toFixed(1)} s`,
  );
}

async function report() {
  const rollupRows = async (table: 'analytics_user_days' | 'analytics_event_days') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('tenant_id', '=', TENANT)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const storedEvents = Number(
    (
      await handle.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `  data        ${storedEvents.toLocaleString('en-US')} events in ${TENANT}; rollup rows: ${(await rollupRows('analytics_user_days')).toLocaleString('en-US')} user-days, ${(await rollupRows('analytics_event_days')).toLocaleString('en-US')} event-days`,
  );

  const repository = createReportingRepository(handle.db);
  const reporting = createReportingService(repository, 'support@quarry.test');
  const ctx: RequestContext = {
    uid: `${TENANT}-u0`,
    tenantId: TENANT,
    email: `user0@${TENANT}.test`,
    isAdmin: false,
    isManager: true,
    isSupport: false,
    sessionId: 'bench',
    impersonator: null,
  };
  const rangeEnding = (daysAgo: number) => {
    const to = today.subtract(daysAgo, 'day');
    return { from: to.subtract(RANGE_DAYS - 1, 'day').format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') };
  };
  for (let i = 0; i < 10; i++) await reporting.report(ctx, rangeEnding(i));
  const times: number[] = [];
  let eventsCovered = 0;
  for (let i = 0; i < QUERIES; i++) {
    const t0 = performance.now();
    const report = await reporting.report(ctx, rangeEnding(i % 30));
    times.push(performance.now() - t0);
    eventsCovered += report.users.reduce((sum, u) => sum + u.events, 0);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `  report      ${QUERIES} reports over ${RANGE_DAYS}-day ranges (${Math.round(eventsCovered / QUERIES).toLocaleString('en-US')} events each on average; daily and weekly actives, sign-ins, top pages, named events, per-user table): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms   (target p95 <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'MISSED'})`,
  );
  const queryTimes = new Map<string, number[]>();
  const alone = createReportingService(timedRepository(repository, queryTimes), 'support@quarry.test');
  for (let i = 0; i < QUERIES; i++) await alone.report(ctx, rangeEnding(i % 30));
  for (const [name, into] of queryTimes) {
    into.sort((a, b) => a - b);
    console.log(
      `    ${name.padEnd(16)} p50 ${percentile(into, 50).toFixed(2)} ms, p95 ${percentile(into, 95).toFixed(2)} ms`,
    );
  }
}
