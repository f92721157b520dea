import type { HomeFilters, ValueMatchFeed, ValueMatchStatus } from '@quarry/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { valueMatchKeys } from './value-match-keys.ts';

const STATUS_POLL_MS = 3_000;

/** The feed's address: each chosen value as its own repeated parameter. */
function feedUrl(filters: HomeFilters, offset: number, viewAsUid: string | null): string {
  const params = new URLSearchParams({ offset: String(offset) });
  for (const tier of filters.tiers) params.append('tier', tier);
  for (const id of filters.hypothesis_ids) params.append('hypothesis_id', id);
  for (const industry of filters.industries) params.append('industry', industry);
  if (filters.mine) params.set('mine', 'true');
  // View-as: "my accounts only" reads the colleague's My Accounts.
  if (filters.mine && viewAsUid) params.set('view_as', viewAsUid);
  return `/api/value-matches?${params}`;
}

export const valueMatchesQueryOptions = (filters: HomeFilters, viewAsUid: string | null = null) =>
  infiniteQueryOptions({
    queryKey: [...valueMatchKeys.feed, filters, viewAsUid],
    queryFn: ({ pageParam, signal }) => api<ValueMatchFeed>(feedUrl(filters, pageParam, viewAsUid), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset ?? undefined,
  });

/** The feed, one server page at a time, ranked by tier, score and recency. */
export const useValueMatches = (filters: HomeFilters, viewAsUid: string | null = null) =>
  useInfiniteQuery(valueMatchesQueryOptions(filters, viewAsUid));

/** How often an idle page asks whether a recompute started elsewhere. */
export const IDLE_STATUS_POLL_MS = 60_000;

/**
 * When matches were last computed; polled while a recompute runs (and once a minute otherwise),
 * and the feed and any open match reload when it ends.
 */
export const valueMatchStatusQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: valueMatchKeys.status,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ValueMatchStatus>(valueMatchKeys.status);
      const status = await api<ValueMatchStatus>('/api/value-matches/status', { signal });
      if (before && before.last_computed_at !== status.last_computed_at) {
        void queryClient.invalidateQueries({ queryKey: valueMatchKeys.feed });
        void queryClient.invalidateQueries({ queryKey: ['value-matches', 'detail'] });
      }
      return status;
    },
    // Idle, asked again now and then too: a colleague's change to the preferences (or one in
    // another tab) starts a recompute this page would otherwise not hear of until a reload.
    refetchInterval: (query) => (query.state.data?.running ? STATUS_POLL_MS : IDLE_STATUS_POLL_MS),
  });

export function useValueMatchStatus() {
  return useQuery(valueMatchStatusQueryOptions(useQueryClient()));
}
