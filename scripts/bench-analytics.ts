/**
 * npm run bench:analytics — how fast POST /AnalyticsRelay ingests events over real HTTP.
 *
 * Builds the server on a throw-away SQLite database (or DATABASE_URL when set), listens on a random
 * port of 127.0.0.1, signs in as a demo user, fetches the identity token and sends batches of 50
 * events with a few requests in flight over keep-alive connections. Prints events/s and the p50/p99
 * time per batch, then checks every event sent is stored. Exits non-zero when an event is lost.
 *
 * The load generator runs in a child process so the figure is the server's own event loop, as it
 * would be with clients on other machines.
 *
 * Event ids are random UUIDs, as the browser's crypto.randomUUID() makes them (BENCH_IDS=ordered
 * sends time-ordered ids instead, to compare). Against DATABASE_URL the auth secret is read from
 * AUTH_SECRET or DATA_DIR like the server's own, so the bench can run again on the same database.
 *
 * Knobs: BENCH_EVENTS (default 60000), BENCH_CONCURRENCY (default 4), BENCH_IDS (random|ordered).
 * Targets (issue 2): at least 20,000 events/s, p99 at most 50 ms per batch, none lost; and the
 * reporting rollups count every stored event of the tenant.
 */

import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { newEventId } from '@quarry/shared/event-id';
import { sql } from 'kysely';

const BATCH_SIZE = 50;
const TOTAL_EVENTS = Number(process.env.BENCH_EVENTS ?? 60_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARMUP_BATCHES = 20;
const TARGET_EVENTS_PER_SECOND = 20_000;
const TARGET_P99_MS = 50;
const BENCH_USER = 'rita@acme.test';

/** What the server side hands the load generator. */
/** `origin`: Quarry's own, which a sign-in must come from (the origin check). */
type LoadPlan = { port: number; origin: string; password: string; runId: string; orderedIds: boolean };
/** What the load generator reports back. */
type LoadResult = { times: number[]; seconds: number; measuredEvents: number; sentEvents: number };
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

const LOAD_PLAN_ENV = 'QUARRY_BENCH_LOAD_PLAN';
const plan = process.env[LOAD_PLAN_ENV];
if (plan) {
  process.send?.(await generateLoad(JSON.parse(plan) as LoadPlan));
} else {
  process.exitCode = await serveAndMeasure();
}

async function serveAndMeasure(): Promise<number> {
  // Imported here so the load generator's process does not load the whole server.
  const [
    { buildApp },
    { resolveAuthSecret },
    { loadConfig },
    { openDatabase },
    { migrateToLatest },
    { seedDemo },
    { createLogger },
  ] = await Promise.all([
    import('../apps/server/src/app.ts'),
    import('../apps/server/src/auth-secret.ts'),
    import('../apps/server/src/config.ts'),
    import('../apps/server/src/db/connection.ts'),
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/demo-seed.ts'),
    import('../apps/server/src/logger.ts'),
  ]);

  // Its own throw-away SQLite database unless DATABASE_URL names one to use.
  const ownDatabase = !process.env.DATABASE_URL;
  const dataDir = ownDatabase
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-'))
    : (process.env.DATA_DIR ?? './data');
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    }),
    // The bench signs in once from one address; throttling is not what it measures.
    loginIpLimitPerMinute: 1_000_000,
    rateLimits: { read: 1_000_000, write: 1_000_000, expensive: 1_000_000, auth: 1_000_000, files: 1_000_000 },
  };
  const handle = openDatabase(config.database);
  const logger = createLogger(config.logLevel);
  const authSecret = ownDatabase ? crypto.randomBytes(32).toString('base64url') : resolveAuthSecret(config);
  const app = await buildApp({ config, handle, authSecret, logger });
  try {
    await migrateToLatest(handle, app.auth);
    await seedDemo(handle.db, app.auth, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const runId = crypto.randomBytes(4).toString('hex');
    // This run's events are the ones that happened from now on.
    const runStart = new Date().toISOString();

    const cpuBefore = process.cpuUsage();
    const result = await new Promise<LoadResult>((resolve, reject) => {
      // fork() keeps tsx's loader flags, so the child runs this same TypeScript file.
      const loadPlan: LoadPlan = {
        port,
        origin: new URL(config.publicUrl).origin,
        password: config.demoPassword,
        runId,
        orderedIds: process.env.BENCH_IDS !== 'random',
      };
      const child = fork(fileURLToPath(import.meta.url), {
        env: { ...process.env, [LOAD_PLAN_ENV]: JSON.stringify(loadPlan) },
      });
      child.once('message', (message) => resolve(message as LoadResult));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    });

    const cpu = process.cpuUsage(cpuBefore);
    const serverCpuMsPerBatch = (cpu.user + cpu.system) / 1000 / (result.sentEvents / BATCH_SIZE);
    const row = await handle.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', 'tnt_acme')
      .where('occurred_at', '>=', runStart)
      .executeTakeFirstOrThrow();
    const stored = Number(row.n);
    // Reporting's rollups count every stored event of the tenant (on PostgreSQL after the fold that
    // a report runs first, migration 050).
    if (handle.engine === 'postgres') await sql`select analytics_fold_rollups()`.execute(handle.db);
    const [all, rolled] = await Promise.all([
      handle.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', 'tnt_acme')
        .executeTakeFirstOrThrow(),
      handle.db
        .selectFrom('analytics_event_days')
        .select((eb) => eb.fn.sum<number | string>('events').as('n'))
        .where('tenant_id', '=', 'tnt_acme')
        .executeTakeFirstOrThrow(),
    ]);
    const rollupsExact = Number(all.n) === Number(rolled.n);

    const sorted = [...result.times].sort((a, b) => a - b);
    const eventsPerSecond = result.measuredEvents / result.seconds;
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const lines = [
      `bench:analytics on ${handle.engine}: ${sorted.length} batches of ${BATCH_SIZE} events, ${CONCURRENCY} in flight, keep-alive, ${process.env.BENCH_IDS === 'random' ? 'random' : 'UUIDv7 (as the browser makes them)'} event ids`,
      `  throughput  ${n(eventsPerSecond)} events/s   (target >= ${n(TARGET_EVENTS_PER_SECOND)}: ${verdict(eventsPerSecond >= TARGET_EVENTS_PER_SECOND)})`,
      `  per batch   p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms   (target p99 <= ${TARGET_P99_MS} ms: ${verdict(p99 <= TARGET_P99_MS)})`,
      `  server CPU  ${serverCpuMsPerBatch.toFixed(2)} ms per batch (${n((1000 / serverCpuMsPerBatch) * BATCH_SIZE)} events/s on one idle core)`,
      `  stored      ${n(stored)} of ${n(result.sentEvents)} sent, warm-up included   (${stored === result.sentEvents ? 'none lost' : `LOST ${n(result.sentEvents - stored)}`})`,
    ];
    lines.push(
      `  rollups     the event-day rollup counts ${n(Number(rolled.n))} of the tenant's ${n(Number(all.n))} stored events   (${rollupsExact ? 'exact' : 'MISSED'})`,
      `  load        ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} (1, 5, 15 min averages, ${os.availableParallelism()} cores)`,
    );
    if (handle.engine === 'postgres') lines.push(await rateLimitStoreShare(handle.db, sorted.length, result.seconds));
    process.stdout.write(`${lines.join('\n')}\n`);
    return stored === result.sentEvents && rollupsExact ? 0 : 1;
  } catch (error) {
    process.stderr.write(`bench:analytics failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await app.close();
    await handle.close();
    if (ownDatabase) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * On PostgreSQL every request adds its hit to the shared rate-limit store (migration 025), one
 * upsert on the caller's row. Its share of the ingest: as many increments as the run measured
 * batches, as many in flight, alone, against the run's own wall time.
 */
async function rateLimitStoreShare(
  db: Parameters<typeof import('../apps/server/src/plugins/rate-limit-store.ts').databaseRateLimitStore>[0],
  requests: number,
  ingestSeconds: number,
): Promise<string> {
  const { databaseRateLimitStore } = await import('../apps/server/src/plugins/rate-limit-store.ts');
  const store = new (databaseRateLimitStore(db).Store)({});
  const key = `bench-share-${crypto.randomBytes(4).toString('hex')}`;
  const increment = () =>
    new Promise<void>((resolve, reject) =>
      store.incr(key, (error: Error | null) => (error ? reject(error) : resolve()), 60_000, 1_000_000),
    );
  let left = requests;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await increment();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
  return `  rate limit  the shared store alone: ${requests} increments, ${CONCURRENCY} in flight, in ${(seconds * 1000).toFixed(0)} ms (${((seconds / ingestSeconds) * 100).toFixed(1)}% of the ingest's wall time), ${((cpu.user + cpu.system) / 1000 / requests).toFixed(3)} ms CPU each in this process`;
}

/** The client side: signs in, fetches the identity token, sends the batches and times each. */
async function generateLoad({ port, origin, password, orderedIds }: LoadPlan): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const request = (method: string, url: string, headers: http.OutgoingHttpHeaders, body?: Buffer) =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  const credentials = Buffer.from(JSON.stringify({ email: BENCH_USER, password }));
  const login = await request(
    'POST',
    '/api/session/login',
    { 'content-type': 'application/json', 'content-length': credentials.length, origin },
    credentials,
  );
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
  const cookie = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  const uid = (JSON.parse(login.body) as { user: { uid: string } }).user.uid;
  const tokenReply = await request('GET', '/api/session/token', { cookie });
  if (tokenReply.status !== 200) throw new Error(`identity token answered ${tokenReply.status}: ${tokenReply.body}`);
  const { token } = JSON.parse(tokenReply.body) as { token: string };

  // Bodies are built before the clock starts so the figure is the server's, not the generator's.
  const userProperties = { user_id: uid, tenant_id: 'tnt_acme', email: BENCH_USER };
  const pages = ['/', '/workspaces', '/lists', '/search', '/flows', '/settings'];
  const batchBody = (batch: number): Buffer => {
    const timestamp = new Date().toISOString();
    const events = Array.from({ length: BATCH_SIZE }, (_, i) => {
      const k = batch * BATCH_SIZE + i;
      const id = orderedIds ? newEventId() : crypto.randomUUID();
      const page = pages[k % pages.length] ?? '/';
      return k % 5 === 0
        ? {
            id,
            type: 'page',
            event: 'Page Viewed',
            name: page,
            properties: { path: page },
            user_properties: userProperties,
            timestamp,
          }
        : {
            id,
            type: 'track',
            event: 'Workspace Mutated',
            properties: { action: 'update', workspace_id: `ws_${k % 97}`, items: k % 13, shared: k % 2 === 0 },
            user_properties: userProperties,
            timestamp,
          };
    });
    return Buffer.from(JSON.stringify({ events }));
  };
  const measuredBatches = Math.ceil(TOTAL_EVENTS / BATCH_SIZE);
  const bodies = Array.from({ length: WARMUP_BATCHES + measuredBatches }, (_, b) => batchBody(b));

  const send = async (body: Buffer): Promise<number> => {
    const started = performance.now();
    const res = await request(
      'POST',
      '/AnalyticsRelay',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length },
      body,
    );
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`relay answered ${res.status}: ${res.body}`);
    const { accepted } = JSON.parse(res.body) as { accepted: number };
    if (accepted !== BATCH_SIZE) throw new Error(`relay accepted ${accepted} of ${BATCH_SIZE}: ${res.body}`);
    return elapsed;
  };

  // CONCURRENCY senders share one queue of bodies, so that many requests are always in flight.
  const run = async (queue: Buffer[]): Promise<number[]> => {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < queue.length) {
          const body = queue[next++] as Buffer;
          times.push(await send(body));
        }
      }),
    );
    return times;
  };

  await run(bodies.slice(0, WARMUP_BATCHES));
  const started = performance.now();
  const times = await run(bodies.slice(WARMUP_BATCHES));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { times, seconds, measuredEvents: measuredBatches * BATCH_SIZE, sentEvents: bodies.length * BATCH_SIZE };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
