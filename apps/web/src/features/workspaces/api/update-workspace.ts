import type { UpdateWorkspaceBody, Workspace } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Renames a workspace or changes its description. */
export function useUpdateWorkspace() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.update,
    mutationFn: ({ id, patch }: { id: string; patch: UpdateWorkspaceBody }) =>
      api<Workspace>(`/api/workspaces/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSuccess: (_, { id }) => track('Workspace Mutated', { workspace_id: id, mutation_type: 'updated' }),
    meta: {
      invalidates: [workspaceKeys.all],
      errorLog: 'Workspace update failed',
      errorSnack: t('workspaces.errors.update'),
      fieldsInForm: ['name'],
    },
  });
}
