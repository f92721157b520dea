import type { UserSummary } from '@quarry/shared';
import { SERVICE_ACCOUNT_FRAGMENTS } from '@quarry/shared/constants';

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
    .filter((u) => !SERVICE_ACCOUNT_FRAGMENTS.some((fragment) => u.email.toLowerCase().includes(fragment)))
    .filter((u) => !needle || u.display_name.toLowerCase().includes(needle))
    .sort((a, b) => a.display_name.localeCompare(b.display_name));
}
