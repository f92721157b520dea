import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { JobsTable } from '../db/schema.ts';
import { scopedTo } from '../db/scoped.ts';
import { acrossTenants } from '../db/tenant-scope.ts';

export type Job = Selectable<JobsTable>;

/**
 * The job table: enqueue, claim with a lease, finish or retry later. Times are ISO strings. Each
 * job belongs to the tenant that queued it: what a tenant asks of the queue goes through the scoped
 * layer; the workers claim and settle jobs of every tenant by id (`queue`, across tenants by design).
 */
export function createJobsRepository(db: Db) {
  const scoped = (tenantId: string) => scopedTo(db, tenantId);
  const queue = acrossTenants(db);
  /**
   * Queues a job for one thing (its payload, e.g. a flow id) unless the same job is already
   * waiting: a waiting one will do the work as it stands when it runs.
   */
  async function enqueueFor(
    tenantId: string,
    type: string,
    payload: Record<string, string>,
    { now, maxAttempts = 5 }: { now: Date; maxAttempts?: number },
  ): Promise<boolean> {
    const body = JSON.stringify(payload);
    const waiting = await scoped(tenantId)
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', type)
      .where('payload', '=', body)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (waiting) return false;
    const at = now.toISOString();
    await scoped(tenantId)
      .insertInto('jobs')
      .values({
        id: crypto.randomUUID(),
        type,
        status: 'queued',
        payload: body,
        attempts: 0,
        max_attempts: maxAttempts,
        run_at: at,
        lease_until: null,
        locked_by: null,
        last_error: null,
        created_at: at,
        finished_at: null,
      })
      .execute();
    return true;
  }

  return {
    enqueueFor,

    /** Queues a job unless one of the same type is already waiting for the tenant (it will see the change). */
    enqueueOnce(tenantId: string, type: string, options: { now: Date; maxAttempts?: number }): Promise<boolean> {
      return enqueueFor(tenantId, type, {}, options);
    },

    /**
     * Takes one due job: a queued one, or a running one whose lease ran out (its worker died).
     * The UPDATE only wins while the lease is still expired, so of several processes racing for
     * the same row exactly one gets it; the others move on to the next candidate.
     */
    async claim(workerId: string, { now, leaseMs }: { now: Date; leaseMs: number }): Promise<Job | null> {
      const at = now.toISOString();
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      const candidates = await queue
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(5)
        .execute();
      for (const { id } of candidates) {
        const result = await queue
          .updateTable('jobs')
          .set((eb) => ({
            status: 'running',
            lease_until: leaseUntil,
            locked_by: workerId,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'running'])
          .where('run_at', '<=', at)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) {
          return (await queue.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
        }
      }
      return null;
    },

    /** Marks the job done, only if this worker still holds it. */
    async complete(job: Job, workerId: string, now: Date): Promise<void> {
      await queue
        .updateTable('jobs')
        .set({ status: 'done', lease_until: null, finished_at: now.toISOString(), last_error: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /** Puts the job back for a later attempt (or gives up after max_attempts). */
    async fail(job: Job, workerId: string, { now, retryAt, error }: { now: Date; retryAt: Date; error: string }) {
      const giveUp = job.attempts >= job.max_attempts;
      await queue
        .updateTable('jobs')
        .set({
          status: giveUp ? 'failed' : 'queued',
          lease_until: null,
          locked_by: null,
          run_at: giveUp ? job.run_at : retryAt.toISOString(),
          last_error: error.slice(0, 2000),
          finished_at: giveUp ? now.toISOString() : null,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /**
     * Hands a job this worker holds back to the queue, due at once, for any worker to claim: it was
     * interrupted (the server is stopping), not failed, so the attempt does not count.
     */
    async release(job: Job, workerId: string): Promise<boolean> {
      const result = await queue
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', lease_until: null, locked_by: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async find(id: string): Promise<Job | null> {
      return (await queue.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The tenant's job of this type that is running, else waiting (null: neither). */
    async waitingOrRunning(tenantId: string, type: string): Promise<'queued' | 'running' | null> {
      const job = await scoped(tenantId)
        .selectFrom('jobs')
        .select('status')
        .where('type', '=', type)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('status', 'desc')
        .executeTakeFirst();
      return job?.status === 'running' ? 'running' : job?.status === 'queued' ? 'queued' : null;
    },

    /** Whether a job of this type is waiting or running for the tenant, and when one last finished. */
    async status(tenantId: string, type: string): Promise<{ running: boolean; lastDoneAt: string | null }> {
      const [pending, done] = await Promise.all([
        scoped(tenantId)
          .selectFrom('jobs')
          .select('id')
          .where('type', '=', type)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst(),
        scoped(tenantId)
          .selectFrom('jobs')
          .select((eb) => eb.fn.max('finished_at').as('at'))
          .where('type', '=', type)
          .where('status', '=', 'done')
          .executeTakeFirst(),
      ]);
      return { running: pending !== undefined, lastDoneAt: (done?.at as string | null | undefined) ?? null };
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
