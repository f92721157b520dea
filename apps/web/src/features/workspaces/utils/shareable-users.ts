import type { UserSummary } from '@quarry/shared';
import { compareNames } from '../../../lib/compare-names.ts';
import { isServiceAccountEmail } from '../../../lib/service-account.ts';

/**
 * The add-user menu's people (spec section 5): company users minus those already shared, the
 * current user, the workspace creator and service accounts, filtered by a case-insensitive
 * display-name substring, sorted by name.
 */
export function shareableUsers(
  users: UserSummary[],
  {
    shared,
    currentUid,
    creatorUid,
    search,
  }: { shared: string[]; currentUid: string; creatorUid: string; search: string },
): UserSummary[] {
  const taken = new Set([...shared, currentUid, creatorUid]);
  const needle = search.trim().toLowerCase();
  return users
    .filter((u) => !taken.has(u.uid))
    .filter((u) => !isServiceAccountEmail(u.email))
    .filter((u) => !needle || u.display_name.toLowerCase().includes(needle))
    .sort((a, b) => compareNames(a.display_name, b.display_name));
}
