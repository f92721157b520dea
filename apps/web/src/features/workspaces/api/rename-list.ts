import type { List } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './list-keys.ts';
import { workspaceKeys } from './workspace-keys.ts';

export function useRenameList() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: listKeys.mutations.rename,
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<List>(`/api/lists/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
    onSuccess: (_, { id }) => track('List Mutated', { list_id: id, mutation_type: 'updated' }),
    meta: {
      invalidates: [listKeys.all, workspaceKeys.all],
      errorLog: t('lists.errors.update'),
      errorSnack: t('lists.errors.update'),
      fieldsInForm: ['name'],
    },
  });
}
