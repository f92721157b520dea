import type { List, ListMembersPage } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys, type MembersParams } from './list-keys.ts';

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
