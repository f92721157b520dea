import type { SavedFilter } from '@quarry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The saved filters a smart list can evaluate: the user's own and the tenant's public ones. */
export const useSavedFilterOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['filters'],
    queryFn: () => api<{ filters: SavedFilter[] }>('/api/filters').then((r) => r.filters),
    enabled,
  });
