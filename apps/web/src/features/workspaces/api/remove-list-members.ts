import { LIST_ITEMS_ERROR } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './list-keys.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Removes members from a static list; a failure shows the spec's raw "Error updating list items". */
export function useRemoveListMembers() {
  return useMutation({
    mutationKey: listKeys.mutations.removeMembers,
    mutationFn: ({ id, ids }: { id: string; ids: string[] }) =>
      api<{ removed: number }>(`/api/lists/${encodeURIComponent(id)}/members/remove`, {
        method: 'POST',
        body: { ids },
      }),
    onSuccess: (_, { id, ids }) =>
      track('List Mutated', { list_id: id, mutation_type: 'items_removed', count: ids.length }),
    meta: { invalidates: [listKeys.all, workspaceKeys.all], errorLog: LIST_ITEMS_ERROR, errorSnack: LIST_ITEMS_ERROR },
  });
}
