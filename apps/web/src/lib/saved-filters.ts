import type { SavedFilter } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const filtersQueryOptions = () =>
  queryOptions({
    queryKey: ['filters'],
    queryFn: () => api<{ filters: SavedFilter[] }>('/api/filters').then((r) => r.filters),
  });

/** My filters and my colleagues' public ones: the filter panel and a smart list's filter picker read it. */
export const useSavedFilters = () => useQuery(filtersQueryOptions());
