/**
 * npm run bench:signals — one live-signal sweep of BENCH_SOURCES (default 10,000) sources against
 * the local fixture server answering each in BENCH_DELAY_MS (default 5) ms, with deduplication
 * and linking (half the sources bound to an account, half general feeds linked by name), on a
 * throw-away SQLite database (or DATABASE_URL). Three sweeps: the first writes every item, the
 * next two find them all known. Prints each sweep's wall time, the API's p95 (GET /api/health,
 * in process) before and during the first sweep, and the heap after each sweep. As in production,
 * new items with a summary under 40 words have their article page read (at most 10 per feed per
 * sweep): one bench feed in five carries only a short summary, so the first sweep reads about
 * SOURCES / 5 article pages. Each figure is printed with the process's CPU seconds, the machine's
 * load average (1 and 5 minutes) and its verdict against the target.
 *
 * Target (issue #18): one full sweep within 60 s on 2 cores; p95 unchanged within noise; memory flat.
 * The fixture is one host, so the per-host limit is raised to the overall one here
 * (BENCH_CONCURRENCY, default 32) and the politeness pause is off; real sources spread over many hosts.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { createSignalSweep } from '../apps/server/src/modules/signals/signal-sweep.ts';
import { createSignalsRepository } from '../apps/server/src/modules/signals/signals.repository.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 10_000);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TARGET_S = 60;
const TENANT = 'tnt_bench';

// The fixture server runs in its own process, as a remote host would.
const FIXTURE_PORT = Number(process.env.BENCH_FIXTURE_PORT ?? 4119);
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fixtures-signals.ts'], {
  env: { ...process.env, SIGNALS_FIXTURE_PORT: String(FIXTURE_PORT), SIGNALS_FIXTURE_DELAY_MS: String(DELAY_MS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Signal fixtures on')) resolve();
  });
  child.once('exit', (code) => reject(new Error(`the fixture server exited (${code})`)));
});
const fixtures = {
  url: `http://127.0.0.1:${FIXTURE_PORT}`,
  host: `127.0.0.1:${FIXTURE_PORT}`,
  close: async () => void child.kill('SIGTERM'),
};
const { handle, config, close } = await openMigratedDatabase({ throwAway: true });
const db = handle.db;
const now = new Date().toISOString();
const account = (id: string, name: string, website: string) => ({
  master_account_id: id,
  account_name: name,
  website,
  logo_url: null,
  industry: 'Retail',
  sector: 'Retailing',
  employees: 100,
  revenue: null,
  location: null,
  description: null,
  created_at: now,
});
await db
  .insertInto('master_accounts')
  .values(account('acc_walmart_com', 'Walmart', 'walmart.com'))
  .execute();
const fillers = Array.from({ length: 499 }, (_, i) =>
  account(`acc_bench_${i}`, `Benchmark Filler ${i} Industries`, `filler${i}.com`),
);
for (let i = 0; i < fillers.length; i += 100)
  await db
    .insertInto('master_accounts')
    .values(fillers.slice(i, i + 100))
    .execute();
const rows = Array.from({ length: SOURCES }, (_, i) => ({
  id: `bench_src_${i}`,
  tenant_id: TENANT,
  kind: 'feed',
  url: `${fixtures.url}/bench/${i}`,
  board_token: null,
  name: `Bench feed ${i}`,
  master_account_id: i % 2 === 0 ? 'acc_walmart_com' : null,
  status: 'active',
  discovered: 0,
  etag: null,
  last_modified: null,
  next_fetch_at: now,
  last_fetch_at: null,
  last_success_at: null,
  last_error: null,
  failure_count: 0,
  fetch_count: 0,
  not_modified_count: 0,
  items_found: 0,
  last_items_found: 0,
  created_at: now,
  updated_at: now,
}));
for (let i = 0; i < rows.length; i += 200)
  await db
    .insertInto('signal_sources')
    .values(rows.slice(i, i + 200))
    .execute();

const signals = createSignalsRepository(db);
const sweep = createSignalSweep({
  signals,
  log: { info: () => {}, warn: () => {} },
  options: {
    fetch: {
      allowedHosts: [fixtures.host],
      timeoutMs: 10_000,
      maxBytes: 1024 * 1024,
      maxRedirects: 5,
      userAgent: 'QuarryBench',
    },
    intervalMs: 3_600_000,
    concurrency: CONCURRENCY,
    perHostConcurrency: CONCURRENCY,
    hostDelayMs: 0,
    batchLimit: SOURCES,
    articles: { maxPerSource: 10, minWords: 40 },
  },
});
const loadAverage = () => {
  const [one, five] = os.loadavg();
  return `load ${one?.toFixed(1)}/${five?.toFixed(1)}`;
};

// The API beside it, in the same process as in production.
const app = await buildApp({
  config,
  handle,
  authSecret: crypto.randomBytes(32).toString('base64url'),
  logger: pino({ level: 'silent' }),
});
await app.ready();
async function p95(until: () => boolean, atLeast = 200): Promise<number> {
  const times: number[] = [];
  while (times.length < atLeast || !until()) {
    const start = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 5));
    if (times.length > 50_000) break;
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)] as number;
}
const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const idleP95 = await p95(() => true);
console.log(
  `bench:signals — ${SOURCES} sources, fixture answers in ${DELAY_MS} ms, concurrency ${CONCURRENCY}, ${handle.engine}`,
);
console.log(`API p95 idle: ${idleP95.toFixed(1)} ms (${loadAverage()})`);
const heaps: number[] = [heapMb()];
let ok = true;
for (let round = 1; round <= 3; round++) {
  if (round > 1)
    await db.updateTable('signal_sources').set({ next_fetch_at: now }).where('tenant_id', '=', TENANT).execute();
  let done = false;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const during = round === 1 ? p95(() => done) : Promise.resolve(Number.NaN);
  const report = await sweep.sweepTenant(TENANT);
  done = true;
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const duringP95 = await during;
  heaps.push(heapMb());
  const within = seconds <= TARGET_S && report.failed === 0;
  console.log(
    `sweep ${round}: ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU (${loadAverage()}) — ` +
      `${within ? 'OK' : 'MISSED'} (target ${TARGET_S} s, no failures) — ${report.fetched} fetched, ` +
      `${report.notModified} not modified, ${report.failed} failed, ${report.items} items, ` +
      `${report.newSignals} new signals, ${report.merged} merged, ${report.hits} hits, ${report.unlinked} unlinked, ` +
      `${report.articles} article pages read (${report.articlesFailed} not)` +
      `; heap ${heaps.at(-1)?.toFixed(0)} MB`,
  );
  if (round === 1) {
    // "Unchanged within noise": within 50% of the idle p95, or 2 ms, whichever is more.
    const apiOk = duringP95 <= Math.max(idleP95 * 1.5, idleP95 + 2);
    console.log(
      `API p95 during sweep 1: ${duringP95.toFixed(1)} ms against ${idleP95.toFixed(1)} ms idle (${loadAverage()}) — ` +
        `${apiOk ? 'OK' : 'MISSED'}`,
    );
    if (!apiOk) ok = false;
  }
  if (!within) ok = false;
}
const growth = (heaps[3] as number) - (heaps[1] as number);
// "Flat": less than 10% of the heap after the first sweep, or 10 MB, whichever is more.
const flat = growth <= Math.max(10, (heaps[1] as number) * 0.1);
console.log(
  `heap after sweeps 1→3: ${heaps
    .slice(1)
    .map((h) => h.toFixed(0))
    .join(' → ')} MB (growth ${growth.toFixed(1)} MB) — ${flat ? 'OK' : 'MISSED'} (flat)`,
);
if (!flat) ok = false;
console.log(
  ok
    ? `PASS: every sweep within ${TARGET_S} s, API p95 unchanged, memory flat (${loadAverage()})`
    : `FAIL: a figure above missed its target (${loadAverage()})`,
);
await app.close();
await close();
await fixtures.close();
process.exit(ok ? 0 : 1);
