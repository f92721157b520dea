import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

type Unshare = {
  id: string;
  uids: string[];
  /** A shared user leaving (uids = [self]): the workspace's page is not asked for again. */
  leaving?: boolean;
};

/** The owner removing someone from a workspace, or a shared user leaving it. */
export function useUnshareWorkspace() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.unshare,
    mutationFn: ({ id, uids }: Unshare) =>
      api<unknown>(`/api/workspaces/${encodeURIComponent(id)}/shared-users/remove`, {
        method: 'POST',
        body: { uids },
      }),
    onSuccess: (_, { id }) => track('Workspace Mutated', { workspace_id: id, mutation_type: 'updated' }),
    meta: {
      invalidates: [workspaceKeys.all],
      gone: (variables) => {
        const { id, leaving } = variables as Unshare;
        return leaving ? workspaceKeys.detail(id) : undefined;
      },
      errorLog: 'Workspace update failed',
      errorSnack: t('workspaces.errors.update'),
    },
  });
}
