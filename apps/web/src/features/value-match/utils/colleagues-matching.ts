import type { UserSummary } from '@quarry/shared';

/**
 * The colleagues "Assign" offers: everyone in the tenant but the caller, narrowed to those whose
 * name or email contains the search text (any case; blank text keeps everyone).
 */
export function colleaguesMatching(users: UserSummary[], selfUid: string, text: string): UserSummary[] {
  const needle = text.trim().toLowerCase();
  return users.filter(
    (u) =>
      u.uid !== selfUid &&
      (needle === '' || u.display_name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)),
  );
}
