import type { AccountAssignment } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAssignmentViews } from './invalidate-assignment-views.ts';

/** Puts the account in a user's territory (My Accounts): the caller's own uid for "Assign to me". */
export const assignAccount = (masterAccountId: string, uid: string) =>
  api<AccountAssignment>(`/api/value-matches/${encodeURIComponent(masterAccountId)}/assignment`, {
    method: 'POST',
    body: { uid },
  });

/** "Assign" on Home and /valueMatch; afterwards every view that shows who holds the account is refetched. */
export function useAssignAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ masterAccountId, uid }: { masterAccountId: string; uid: string }) =>
      assignAccount(masterAccountId, uid),
    onSuccess: () => invalidateAssignmentViews(queryClient),
  });
}
