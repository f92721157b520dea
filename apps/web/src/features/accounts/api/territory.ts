import type { TerritoryPage } from '@quarry/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type TerritoryParams = {
  page: number;
  page_size: number;
  sort: string;
  direction: 'asc' | 'desc';
  q: string;
};

export const territoryQueryOptions = (params: TerritoryParams) =>
  queryOptions({
    queryKey: ['territory', params],
    queryFn: () => {
      const search = new URLSearchParams({
        page: String(params.page),
        page_size: String(params.page_size),
        sort: params.sort,
        direction: params.direction,
      });
      if (params.q.trim()) search.set('q', params.q.trim());
      return api<TerritoryPage>(`/api/territory?${search}`);
    },
    placeholderData: keepPreviousData,
  });

export const useTerritory = (params: TerritoryParams) => useQuery(territoryQueryOptions(params));

/** Adds or removes accounts of the user's territory, then refreshes every view that shows it. */
export function useChangeTerritory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, add }: { ids: string[]; add: boolean }) =>
      api<{ added?: number; removed?: number }>('/api/territory', {
        method: add ? 'POST' : 'DELETE',
        body: { master_account_ids: ids },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['territory'] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
