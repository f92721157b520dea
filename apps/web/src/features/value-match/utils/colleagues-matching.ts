import type { UserSummary } from '@quarry/shared';
import { isServiceAccountEmail } from '../../../lib/service-account.ts';

const isServiceAccount = (u: UserSummary) => isServiceAccountEmail(u.email);

/**
 * The colleagues "Assign" offers: everyone in the tenant but the caller and service accounts (the
 * server leaves those out already; spec section 5), narrowed to those whose
 * name or email contains the search text (any case; blank text keeps everyone).
 */
export function colleaguesMatching(users: UserSummary[], selfUid: string, text: string): UserSummary[] {
  const needle = text.trim().toLowerCase();
  return users.filter(
    (u) =>
      u.uid !== selfUid &&
      !isServiceAccount(u) &&
      (needle === '' || u.display_name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)),
  );
}
