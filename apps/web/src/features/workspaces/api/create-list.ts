import type { List } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './list-keys.ts';
import { workspaceKeys } from './workspace-keys.ts';

export type CreateListInput = { workspaceId: string; name: string; type: List['type']; filter_id?: string };

/** Creates a list in a workspace: "Workspace Mutated" and "List Mutated" on success. */
export function useCreateList() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: workspaceKeys.mutations.createList,
    mutationFn: ({ workspaceId, ...body }: CreateListInput) =>
      api<List>(`/api/workspaces/${encodeURIComponent(workspaceId)}/lists`, { method: 'POST', body }),
    onSuccess: (list, { workspaceId }) => {
      track('Workspace Mutated', { workspace_id: workspaceId, mutation_type: 'updated' });
      track('List Mutated', { list_id: list.id, workspace_id: workspaceId, mutation_type: 'created' });
    },
    meta: {
      invalidates: [workspaceKeys.all, listKeys.all],
      errorLog: 'Workspace update failed',
      errorSnack: t('workspaces.errors.update'),
      fieldsInForm: ['name'],
    },
  });
}
