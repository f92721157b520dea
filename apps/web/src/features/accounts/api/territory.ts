import { type FilterGroup, rewriteFilterForRequest, type TerritoryPage } from '@quarry/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

export type TerritorySort = 'account_name' | 'website' | 'industry' | 'employees' | 'latest_signal_at';

export type TerritoryParams = {
  page: number;
  page_size: number;
  sort: TerritorySort;
  direction: 'asc' | 'desc';
  q: string;
  filter: FilterGroup;
};

/**
 * My Accounts through the accounts query: the filter is rewritten before sending (spec section 5).
 * With a colleague's uid (view-as), their My Accounts, read only.
 */
export const territoryQueryOptions = (params: TerritoryParams, viewAsUid: string | null = null) =>
  queryOptions({
    queryKey: [...accountKeys.territory, params, viewAsUid],
    queryFn: ({ signal }) => {
      const query = {
        filter: rewriteFilterForRequest(params.filter),
        sort: params.sort,
        direction: params.direction,
        page: params.page,
        page_size: params.page_size,
        ...(params.q.trim() ? { q: params.q.trim() } : {}),
      };
      return viewAsUid
        ? api<TerritoryPage>(`/api/users/${encodeURIComponent(viewAsUid)}/territory/query`, {
            method: 'POST',
            signal,
            body: query,
          })
        : api<TerritoryPage>('/api/accounts/query', { method: 'POST', signal, body: { scope: 'territory', ...query } });
    },
    placeholderData: keepPreviousData,
  });

export const useTerritory = (params: TerritoryParams, viewAsUid: string | null = null) =>
  useQuery(territoryQueryOptions(params, viewAsUid));

/** Adds or removes accounts of the user's territory, then refreshes every view that shows it. */
export function useChangeTerritory() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: accountKeys.mutations.territory,
    mutationFn: ({ ids, add }: { ids: string[]; add: boolean }) =>
      api<{ added?: number; removed?: number }>('/api/territory', {
        method: add ? 'POST' : 'DELETE',
        body: { master_account_ids: ids },
      }),
    meta: { invalidates: [accountKeys.territory, accountKeys.all], errorSnack: t('errors.generic') },
  });
}

/** Every account id of My Accounts matching the filter and text, for "select all matching". */
export const matchingTerritoryIds = (filter: FilterGroup, q: string) =>
  api<{ master_account_ids: string[]; truncated: boolean }>('/api/accounts/query/ids', {
    method: 'POST',
    body: { scope: 'territory', filter: rewriteFilterForRequest(filter), ...(q.trim() ? { q: q.trim() } : {}) },
  });
