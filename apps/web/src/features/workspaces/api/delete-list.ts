import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './list-keys.ts';
import { workspaceKeys } from './workspace-keys.ts';

export function useDeleteList() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: listKeys.mutations.remove,
    mutationFn: (id: string) => api<null>(`/api/lists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => track('List Mutated', { list_id: id, mutation_type: 'deleted' }),
    meta: {
      invalidates: [listKeys.all, workspaceKeys.all],
      errorLog: t('lists.errors.delete'),
      errorSnack: t('lists.errors.delete'),
    },
  });
}
