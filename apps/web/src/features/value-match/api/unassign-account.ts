import type { AccountUnassignment } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { assignmentViewKeys, valueMatchKeys } from './value-match-keys.ts';

/** Takes the account out of a user's territory (My Accounts): the caller's own uid for themselves. */
export const unassignAccount = (masterAccountId: string, uid: string) =>
  api<AccountUnassignment>(
    `/api/value-matches/${encodeURIComponent(masterAccountId)}/assignment/${encodeURIComponent(uid)}`,
    { method: 'DELETE' },
  );

/** Removing an assignment from the Assign menu; afterwards every view that shows holders is refetched. */
export function useUnassignAccount() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: valueMatchKeys.mutations.unassign,
    mutationFn: ({ masterAccountId, uid }: { masterAccountId: string; uid: string }) =>
      unassignAccount(masterAccountId, uid),
    meta: { invalidates: assignmentViewKeys, errorSnack: t('valueMatch.removeError') },
  });
}
