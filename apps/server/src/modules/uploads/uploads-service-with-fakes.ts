import type { UploadsRepository } from './uploads.repository.ts';
import { createUploadsService } from './uploads.service.ts';

/**
 * For tests of the upload job's own logic: the service over a repository the test writes (only the
 * methods it expects to be called), with no lists, filters or account search behind it.
 */
export function uploadsServiceWithFakes(uploads: Partial<UploadsRepository>) {
  return createUploadsService({
    uploads: uploads as UploadsRepository,
    lists: {} as never,
    filters: {} as never,
    accountQuery: {} as never,
    colleague: async () => undefined,
    requestRecompute: async () => undefined,
    clock: () => new Date('2026-03-01T00:00:00.000Z'),
  });
}
