import type { Workspace } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** The owner sharing a workspace with more people. */
export function useShareWorkspace() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.share,
    mutationFn: ({ id, uids }: { id: string; uids: string[] }) =>
      api<Workspace>(`/api/workspaces/${encodeURIComponent(id)}/shared-users`, { method: 'POST', body: { uids } }),
    onSuccess: (_, { id }) => track('Workspace Mutated', { workspace_id: id, mutation_type: 'updated' }),
    meta: {
      invalidates: [workspaceKeys.all],
      errorLog: 'Workspace update failed',
      errorSnack: t('workspaces.errors.update'),
    },
  });
}
