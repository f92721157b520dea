import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Records that the user opened a workspace (spec section 7: viewed.{uid}=now); a failure is only logged. */
export function useMarkWorkspaceViewed() {
  return useMutation({
    mutationKey: workspaceKeys.mutations.markViewed,
    mutationFn: (id: string) =>
      api<{ viewed_at: string }>(`/api/workspaces/${encodeURIComponent(id)}/viewed`, { method: 'POST' }),
    meta: { errorLog: 'Marking the workspace viewed failed' },
  });
}
