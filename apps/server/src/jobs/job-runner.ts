import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Job, JobsRepository } from './jobs.repository.ts';

export type JobHandler = (job: Job) => Promise<void>;

export type JobRunnerOptions = {
  jobs: JobsRepository;
  handlers: Record<string, JobHandler>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Injected so tests can move time; the runner reads no clock of its own. */
  clock?: () => Date;
  leaseMs?: number;
  pollMs?: number;
  /** First retry after this long, doubling per attempt, at most maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  workerId?: string;
};

/** Delay before the next attempt after `attempts` failed ones: backoff × 2^(attempts − 1), capped. */
export function retryDelayMs(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1));
}

/** Runs due jobs from the job table inside the server process; any number of processes may run one. */
export function createJobRunner({
  jobs,
  handlers,
  log,
  clock = () => new Date(),
  leaseMs = 5 * 60_000,
  pollMs = 1_000,
  backoffMs = 5_000,
  maxBackoffMs = 10 * 60_000,
  workerId = `worker-${crypto.randomUUID()}`,
}: JobRunnerOptions) {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<boolean> | null = null;
  /** The job whose handler is running, for stop() to hand back. */
  let inHand: Job | null = null;
  let stopped = true;
  let stopping: Promise<void> | null = null;

  /** Claims and runs one due job; answers whether there was one. */
  async function runOnce(): Promise<boolean> {
    const job = await jobs.claim(workerId, { now: clock(), leaseMs });
    if (!job) return false;
    const handler = handlers[job.type];
    inHand = job;
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job);
      await jobs.complete(job, workerId, clock());
    } catch (error) {
      const now = clock();
      const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts, backoffMs, maxBackoffMs));
      log.warn({ err: error, jobId: job.id, type: job.type, attempts: job.attempts }, 'job failed');
      await jobs.fail(job, workerId, { now, retryAt, error: error instanceof Error ? error.message : String(error) });
    } finally {
      inHand = null;
    }
    return true;
  }

  async function tick() {
    timer = null;
    if (stopped) return;
    try {
      current = runOnce();
      const didWork = await current;
      if (!stopped) timer = setTimeout(tick, didWork ? 0 : pollMs);
    } catch (error) {
      log.error({ err: error }, 'job runner: claiming failed');
      if (!stopped) timer = setTimeout(tick, pollMs);
    } finally {
      current = null;
    }
  }

  return {
    workerId,
    runOnce,
    /** Runs jobs until none is due; for tests and scripts. */
    async drain(limit = 100): Promise<number> {
      let n = 0;
      while (n < limit && (await runOnce())) n++;
      return n;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = null;
      timer = setTimeout(tick, 0);
    },
    /**
     * Stops claiming jobs and waits for the one in hand. With `handBackAfterMs`, a job still running
     * after that long goes back to the queue (its lease released), so another worker takes it now
     * rather than when the lease runs out; this worker's late result then no longer counts.
     * Calling it again answers the same wait.
     */
    stop({ handBackAfterMs }: { handBackAfterMs?: number } = {}): Promise<void> {
      stopping ??= (async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        timer = null;
        const finished = current?.then(
          () => true,
          () => true,
        );
        if (!finished) return;
        if (handBackAfterMs === undefined) {
          await finished;
          return;
        }
        let deadline: NodeJS.Timeout | undefined;
        const timedOut = new Promise<false>((resolve) => {
          deadline = setTimeout(() => resolve(false), handBackAfterMs);
        });
        const done = await Promise.race([finished, timedOut]);
        clearTimeout(deadline);
        const job = inHand;
        if (done || !job) return;
        try {
          if (await jobs.release(job, workerId)) {
            log.warn({ jobId: job.id, type: job.type }, 'job handed back: still running when the server stopped');
          }
        } catch (error) {
          // The lease still runs out, and another worker takes the job then.
          log.error({ err: error, jobId: job.id }, 'could not hand the job back');
        }
      })();
      return stopping;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
