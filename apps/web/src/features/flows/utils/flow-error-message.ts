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

/**
 * A failed flow request as a sentence: the refusal's meaning when the server gave a known code,
 * else what it said of the request's field ("None of these accounts has a contact to write to":
 * "please try again" would never help), else `fallbackKey`.
 */
export function flowErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  const key = BY_CODE[error.code];
  if (key) return t(key);
  return error.fields[0]?.message ?? t(fallbackKey);
}
