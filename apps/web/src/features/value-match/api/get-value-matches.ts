import type { MatchTier, ValueMatchFeed, ValueMatchStatus } from '@quarry/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ValueMatchFilters = {
  tier: MatchTier | null;
  hypothesisId: string | null;
  industry: string | null;
  mine: boolean;
};

const STATUS_POLL_MS = 3_000;

function feedUrl(filters: ValueMatchFilters, offset: number): string {
  const params = new URLSearchParams({ offset: String(offset) });
  if (filters.tier) params.set('tier', filters.tier);
  if (filters.hypothesisId) params.set('hypothesis_id', filters.hypothesisId);
  if (filters.industry) params.set('industry', filters.industry);
  if (filters.mine) params.set('mine', 'true');
  return `/api/value-matches?${params}`;
}

export const valueMatchesQueryOptions = (filters: ValueMatchFilters) =>
  infiniteQueryOptions({
    queryKey: ['value-matches', 'feed', filters],
    queryFn: ({ pageParam, signal }) => api<ValueMatchFeed>(feedUrl(filters, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset ?? undefined,
  });

/** The feed, one server page at a time, ranked by tier, score and recency. */
export const useValueMatches = (filters: ValueMatchFilters) => useInfiniteQuery(valueMatchesQueryOptions(filters));

/** Industries in the tenant's feed, for the filter; they change only with a recompute. */
export function useValueMatchIndustries() {
  return useQuery<string[]>({
    queryKey: ['value-matches', 'industries'],
    queryFn: ({ signal }) =>
      api<{ industries: string[] }>('/api/value-matches/industries', { signal }).then((r) => r.industries),
    staleTime: 5 * 60_000,
  });
}

/** When matches were last computed; polled while a recompute runs, and the feed reloads when it ends. */
export function useValueMatchStatus() {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: ['value-matches', 'status'],
      queryFn: async ({ signal }) => {
        const before = queryClient.getQueryData<ValueMatchStatus>(['value-matches', 'status']);
        const status = await api<ValueMatchStatus>('/api/value-matches/status', { signal });
        if (before && before.last_computed_at !== status.last_computed_at) {
          void queryClient.invalidateQueries({ queryKey: ['value-matches', 'feed'] });
        }
        return status;
      },
      refetchInterval: (query) => (query.state.data?.running ? STATUS_POLL_MS : false),
    }),
  );
}
