import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acrossTenants } from '../db/tenant-scope.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createJobRunner, retryDelayMs } from './job-runner.ts';
import { createJobsRepository, type JobsRepository } from './jobs.repository.ts';

let t: TestApp;
let jobs: JobsRepository;
let now: Date;
const clock = () => now;
const at = (iso: string) => {
  now = new Date(iso);
};
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  jobs = createJobsRepository(t.handle.db);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await acrossTenants(t.handle.db).deleteFrom('jobs').execute();
  at('2026-11-22T08:00:00.000Z');
});

const onlyJob = async () => acrossTenants(t.handle.db).selectFrom('jobs').selectAll().executeTakeFirstOrThrow();

/** A job handler that runs until the test lets it finish. */
function blockingHandler() {
  let begin: () => void = () => undefined;
  let finish: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    started,
    finish: () => finish(),
    run: async () => {
      begin();
      await finished;
    },
  };
}

describe('job table', () => {
  it('queues one waiting job per tenant and type', async () => {
    expect(await jobs.enqueueOnce('tnt_acme', 'demo', { now })).toBe(true);
    expect(await jobs.enqueueOnce('tnt_acme', 'demo', { now })).toBe(false);
    expect(await jobs.enqueueOnce('tnt_globex', 'demo', { now })).toBe(true);
  });

  it('gives a due job to one worker only while its lease runs, then to another once it expired', async () => {
    await jobs.enqueueOnce('tnt_acme', 'demo', { now });
    const [a, b] = await Promise.all([
      jobs.claim('worker-a', { now, leaseMs: 60_000 }),
      jobs.claim('worker-b', { now, leaseMs: 60_000 }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const holder = (a ?? b)?.locked_by;

    at('2026-11-22T08:00:59.000Z');
    expect(await jobs.claim('worker-c', { now, leaseMs: 60_000 })).toBeNull();

    // The first worker died: after the lease another one takes the job over.
    at('2026-11-22T08:01:01.000Z');
    const taken = await jobs.claim('worker-c', { now, leaseMs: 60_000 });
    expect(taken?.locked_by).toBe('worker-c');
    expect(taken?.attempts).toBe(2);
    expect(holder).not.toBe('worker-c');

    // The dead worker's late "done" no longer counts.
    await jobs.complete({ ...(taken as NonNullable<typeof taken>) }, String(holder), now);
    expect((await onlyJob()).status).toBe('running');
  });

  it('retries a failing job with a doubling delay and gives up after max attempts', async () => {
    await jobs.enqueueOnce('tnt_acme', 'flaky', { now, maxAttempts: 3 });
    let calls = 0;
    const runner = createJobRunner({
      jobs,
      clock,
      log: quiet,
      backoffMs: 1_000,
      handlers: {
        flaky: async () => {
          calls++;
          throw new Error('upstream down');
        },
      },
    });
    expect(await runner.runOnce()).toBe(true);
    let job = await onlyJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'upstream down' });
    expect(job.run_at).toBe('2026-11-22T08:00:01.000Z');

    expect(await runner.runOnce()).toBe(false); // not due yet
    at('2026-11-22T08:00:01.000Z');
    expect(await runner.runOnce()).toBe(true);
    job = await onlyJob();
    expect(job.run_at).toBe('2026-11-22T08:00:03.000Z');

    at('2026-11-22T08:00:03.000Z');
    expect(await runner.runOnce()).toBe(true);
    expect(await onlyJob()).toMatchObject({ status: 'failed', attempts: 3 });
    expect(calls).toBe(3);
    expect(await runner.runOnce()).toBe(false);
  });

  it('marks a job done and reports when it last finished', async () => {
    await jobs.enqueueOnce('tnt_acme', 'ok', { now });
    expect(await jobs.status('tnt_acme', 'ok')).toEqual({ running: true, lastDoneAt: null });
    const runner = createJobRunner({ jobs, clock, log: quiet, handlers: { ok: async () => undefined } });
    at('2026-11-22T08:05:00.000Z');
    expect(await runner.drain()).toBe(1);
    expect(await jobs.status('tnt_acme', 'ok')).toEqual({ running: false, lastDoneAt: '2026-11-22T08:05:00.000Z' });
  });

  it('lets the job in hand finish when it ends before the hand-back time', async () => {
    await jobs.enqueueOnce('tnt_acme', 'slow', { now });
    const handler = blockingHandler();
    const runner = createJobRunner({ jobs, clock, log: quiet, handlers: { slow: handler.run } });
    runner.start();
    await handler.started;
    const stopped = runner.stop({ handBackAfterMs: 60_000 });
    handler.finish();
    await stopped;
    expect(await onlyJob()).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands a job still running at shutdown back to the queue, where another worker claims it at once', async () => {
    await jobs.enqueueOnce('tnt_acme', 'slow', { now });
    const handler = blockingHandler();
    let lateEnd: () => void = () => undefined;
    const endedLate = new Promise<void>((resolve) => {
      lateEnd = resolve;
    });
    const runner = createJobRunner({
      jobs: {
        ...jobs,
        complete: async (...args) => {
          await jobs.complete(...args);
          lateEnd();
        },
      },
      clock,
      log: quiet,
      workerId: 'worker-a',
      handlers: { slow: handler.run },
    });
    runner.start();
    await handler.started;
    const stopping = runner.stop({ handBackAfterMs: 10 });
    // The app's own stop on close answers the same wait rather than waiting for the job.
    expect(runner.stop()).toBe(stopping);
    await stopping;
    // Queued again, due now, and the interrupted attempt does not count against max_attempts.
    expect(await onlyJob()).toMatchObject({ status: 'queued', locked_by: null, lease_until: null, attempts: 0 });

    // Within worker-a's five-minute lease, yet another worker gets it.
    const taken = await jobs.claim('worker-b', { now, leaseMs: 60_000 });
    expect(taken).toMatchObject({ locked_by: 'worker-b', attempts: 1 });

    // worker-a's handler ends after all: its "done" no longer counts.
    handler.finish();
    await endedLate;
    expect(await onlyJob()).toMatchObject({ status: 'running', locked_by: 'worker-b' });
  });

  it('computes a delay that doubles per attempt up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });
});
