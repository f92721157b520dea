import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Industries in the tenant's feed, for Home's filter and the default Home filters; they change only with a recompute. */
export function useValueMatchIndustries() {
  return useQuery<string[]>({
    queryKey: ['value-matches', 'industries'],
    queryFn: ({ signal }) =>
      api<{ industries: string[] }>('/api/value-matches/industries', { signal }).then((r) => r.industries),
    staleTime: 5 * 60_000,
  });
}
