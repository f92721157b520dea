import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Deletes a workspace; its page is not asked for again (it would answer 404). */
export function useDeleteWorkspace() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.remove,
    mutationFn: (id: string) => api<null>(`/api/workspaces/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => track('Workspace Mutated', { workspace_id: id, mutation_type: 'deleted' }),
    meta: {
      invalidates: [workspaceKeys.all],
      gone: (id) => workspaceKeys.detail(id as string),
      errorLog: 'Workspace delete failed',
      errorSnack: t('workspaces.errors.delete'),
    },
  });
}
