import type { AccountAssignment } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { assignmentViewKeys, valueMatchKeys } from './value-match-keys.ts';

/** Puts the account in a user's territory (My Accounts): the caller's own uid for "Assign to me". */
export const assignAccount = (masterAccountId: string, uid: string) =>
  api<AccountAssignment>(`/api/value-matches/${encodeURIComponent(masterAccountId)}/assignment`, {
    method: 'POST',
    body: { uid },
  });

/** "Assign" on Home and /valueMatch; afterwards every view that shows who holds the account is refetched. */
export function useAssignAccount() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: valueMatchKeys.mutations.assign,
    mutationFn: ({ masterAccountId, uid }: { masterAccountId: string; uid: string }) =>
      assignAccount(masterAccountId, uid),
    meta: { invalidates: assignmentViewKeys, errorSnack: t('valueMatch.assignError') },
  });
}
