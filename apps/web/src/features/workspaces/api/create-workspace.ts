import type { CreateWorkspaceBody, Workspace } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Creates a workspace; "Workspace Mutated" on success, the create error snack and a log entry on failure. */
export function useCreateWorkspace() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.create,
    mutationFn: (body: CreateWorkspaceBody) => api<Workspace>('/api/workspaces', { method: 'POST', body }),
    onSuccess: (workspace) => track('Workspace Mutated', { workspace_id: workspace.id, mutation_type: 'created' }),
    meta: {
      invalidates: [workspaceKeys.all],
      errorLog: 'Workspace create failed',
      errorSnack: t('workspaces.errors.create'),
      fieldsInForm: ['name'],
    },
  });
}
