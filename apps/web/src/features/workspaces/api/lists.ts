import type { List, ListMembersPage } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { logError } from '../../../lib/log-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { beginUpdate, endUpdate } from '../stores/workspace-updating-store.ts';
import { workspaceKeys } from './workspaces.ts';

export type MembersParams = { page: number; page_size: number; sort: string; direction: 'asc' | 'desc' };

export const listKeys = {
  all: ['lists'] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
  members: (id: string, params: MembersParams) => ['lists', 'members', id, params] as const,
  mine: (type: 'accounts' | 'contacts') => ['lists', 'mine', type] as const,
};

const path = (id: string) => `/api/lists/${encodeURIComponent(id)}`;

export const listQueryOptions = (id: string) =>
  queryOptions({ queryKey: listKeys.detail(id), queryFn: () => api<List>(path(id)), retry: false });

export const useList = (id: string) => useQuery(listQueryOptions(id));

export const useListMembers = (id: string, params: MembersParams, enabled = true) =>
  useQuery({
    queryKey: listKeys.members(id, params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(params.page),
        page_size: String(params.page_size),
        sort: params.sort,
        direction: params.direction,
      });
      return api<ListMembersPage>(`${path(id)}/members?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** Static lists the user may add to, for the "Add to list" menu. */
export const useMyLists = (type: 'accounts' | 'contacts', enabled = true) =>
  useQuery({
    queryKey: listKeys.mine(type),
    queryFn: () => api<{ lists: List[] }>(`/api/lists?type=${type}`).then((r) => r.lists),
    enabled,
  });

/**
 * List changes with the updating flag, "List Mutated" on success, and on failure a log entry and
 * a snack: "Error updating list items" (raw, spec section 8) for members, translated otherwise.
 */
export function useListActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  async function run<T>(
    work: () => Promise<T>,
    event: Record<string, string | number>,
    failure: string,
  ): Promise<T | false> {
    beginUpdate();
    try {
      const result = await work();
      track('List Mutated', event);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKeys.all }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]);
      return result;
    } catch (error) {
      logError(failure, error);
      showSnackbar(failure);
      return false;
    } finally {
      endUpdate();
    }
  }

  return {
    addMembers: (id: string, ids: string[]) =>
      run(
        () => api<{ added: number; unknown: string[] }>(`${path(id)}/members`, { method: 'POST', body: { ids } }),
        { list_id: id, mutation_type: 'items_added', count: ids.length },
        'Error updating list items',
      ),
    removeMembers: (id: string, ids: string[]) =>
      run(
        () => api<{ removed: number }>(`${path(id)}/members/remove`, { method: 'POST', body: { ids } }),
        { list_id: id, mutation_type: 'items_removed', count: ids.length },
        'Error updating list items',
      ),
    rename: async (id: string, name: string) =>
      (await run(
        () => api<List>(path(id), { method: 'PATCH', body: { name } }),
        { list_id: id, mutation_type: 'updated' },
        t('lists.errors.update'),
      )) !== false,
    remove: async (id: string) =>
      (await run(
        () => api<null>(path(id), { method: 'DELETE' }),
        { list_id: id, mutation_type: 'deleted' },
        t('lists.errors.delete'),
      )) !== false,
  };
}
