import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

/** What the server's refusal codes mean to a reader, in their language. */
const BY_CODE: Record<string, string> = {
  flow_in_progress: 'flows.errors.inProgress',
  flow_not_ready: 'flows.errors.notReady',
  version_conflict: 'flows.errors.versionConflict',
  nothing_approved: 'flows.errors.nothingApproved',
  destination_unavailable: 'flows.errors.destinationUnavailable',
  not_found: 'flows.errors.notFound',
};

/** A failed flow request as a sentence: the refusal's meaning when the server gave a known code, else `fallbackKey`. */
export function flowErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  const key = error instanceof ApiError ? BY_CODE[error.code] : undefined;
  return t(key ?? fallbackKey);
}
