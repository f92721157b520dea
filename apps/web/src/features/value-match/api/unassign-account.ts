import type { AccountUnassignment } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAssignmentViews } from './invalidate-assignment-views.ts';

/** Takes the account out of a user's territory (My Accounts): the caller's own uid for themselves. */
export const unassignAccount = (masterAccountId: string, uid: string) =>
  api<AccountUnassignment>(
    `/api/value-matches/${encodeURIComponent(masterAccountId)}/assignment/${encodeURIComponent(uid)}`,
    { method: 'DELETE' },
  );

/** Removing an assignment from the Assign menu; afterwards every view that shows holders is refetched. */
export function useUnassignAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ masterAccountId, uid }: { masterAccountId: string; uid: string }) =>
      unassignAccount(masterAccountId, uid),
    onSuccess: () => invalidateAssignmentViews(queryClient),
  });
}
