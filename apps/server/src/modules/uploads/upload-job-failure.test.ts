import { describe, expect, it } from 'vitest';
import type { Job } from '../../jobs/jobs.repository.ts';
import { uploadsServiceWithFakes } from './uploads-service-with-fakes.ts';

const job = (attempts: number): Job => ({
  id: 'job_1',
  tenant_id: 'tnt_1',
  type: 'upload_accounts',
  status: 'running',
  payload: JSON.stringify({ upload_id: 'up_1' }),
  attempts,
  max_attempts: 5,
  run_at: '2026-03-01T00:00:00.000Z',
  lease_until: null,
  locked_by: 'w',
  last_error: null,
  created_at: '2026-03-01T00:00:00.000Z',
  finished_at: null,
});

/** The job's last attempt: a database that keeps failing leaves the upload FAILED, not half-counted and running. */
describe('upload job failures', () => {
  it('leaves the upload to be retried while attempts remain, and FAILED with upload_failed after the last', async () => {
    const changes: unknown[] = [];
    const service = uploadsServiceWithFakes({
      forJob: async () => {
        throw new Error('database unavailable');
      },
      setStatus: async (_tenant, _id, change, from) => {
        changes.push({ change, from });
        return true;
      },
    });
    await expect(service.runJob(job(1))).rejects.toThrow('database unavailable');
    expect(changes).toEqual([]);
    await expect(service.runJob(job(5))).rejects.toThrow('database unavailable');
    expect(changes).toEqual([
      {
        change: expect.objectContaining({ status: 'FAILED', error_code: 'upload_failed' }),
        from: ['PENDING', 'IN_PROGRESS'],
      },
    ]);
  });
});
