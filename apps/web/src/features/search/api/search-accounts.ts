import type { SearchHit } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type SearchMode = 'full' | 'autocomplete';

export const searchAccounts = (q: string, mode: SearchMode, signal?: AbortSignal) =>
  api<{ hits: SearchHit[] }>(`/api/accounts/search?${new URLSearchParams({ q, mode })}`, { signal }).then(
    (r) => r.hits,
  );

export const searchAccountsQueryOptions = (q: string, mode: SearchMode) =>
  queryOptions({
    queryKey: ['account-search', mode, q],
    queryFn: ({ signal }) => searchAccounts(q, mode, signal),
    staleTime: 60_000,
  });

/** Results for the settled query; nothing is asked for an empty one. */
export const useSearchAccounts = (q: string, mode: SearchMode = 'full') =>
  useQuery({ ...searchAccountsQueryOptions(q, mode), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
