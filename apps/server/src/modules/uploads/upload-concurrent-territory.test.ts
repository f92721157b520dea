import { describe, expect, it } from 'vitest';
import type { ChunkCounts, UploadForJob, UploadsRepository } from './uploads.repository.ts';
import { uploadsServiceWithFakes } from './uploads-service-with-fakes.ts';

/**
 * Two uploads into one territory at once (the cluster test's six uploads on three processes): an
 * account the other upload adds between this chunk's look at the territory and its insert is
 * already there, and is counted so. Before, the line was counted nowhere and the upload's counts
 * fell one short of its lines.
 */
describe('an upload racing another into the same territory', () => {
  it('counts an account the other upload added meanwhile as already present', async () => {
    const counted: ChunkCounts[] = [];
    const upload = {
      id: 'up_1',
      type: 'ACCOUNT_ID',
      lines: 'acc_a\nacc_b\nacc_c',
      first_line: 1,
      status: 'IN_PROGRESS',
      processed_count: 0,
      destination_type: 'territory',
      destination_id: 'u_1',
      created_by: 'u_1',
    } as unknown as UploadForJob;
    const repository: Partial<UploadsRepository> = {
      forJob: async () => upload,
      existingAccountIds: async (_tenant, ids) => new Set(ids),
      inChunk: async (_tenant, _id, work) =>
        work({
          claim: async () => true,
          createAccounts: async () => 0,
          // Read before the other upload committed acc_b: the territory looked empty.
          inTerritory: async () => new Set<string>(),
          addedSoFar: async () => 0,
          // Its insert then finds acc_b there and adds two of the three.
          addToTerritory: async (_uid: string, ids: string[]) => ids.filter((id) => id !== 'acc_b').length,
          addFailures: async () => undefined,
          addCounts: async (counts: ChunkCounts) => {
            counted.push(counts);
          },
        } as never),
      complete: async () => true,
    };
    const service = uploadsServiceWithFakes(repository);
    expect(await service.processUpload('tnt_1', 'up_1', { chunkLines: 10 })).toBe(true);
    expect(counted).toEqual([
      { added_count: 2, already_present_count: 1, created_count: 0, failed_count: 0, not_fitted_count: 0 },
    ]);
  });
});
