import type { SavedFilter } from '@quarry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filtersQueryOptions } from '../../../lib/saved-filters.ts';
import { listKeys } from './list-keys.ts';

/** The saved filters a smart list can evaluate: the user's own and the tenant's public ones. */
export const useSavedFilterOptions = (enabled: boolean) => useQuery({ ...filtersQueryOptions(), enabled });

/**
 * Makes one of my saved filters public, so a smart list built on it shows the people of a shared
 * workspace what it shows me. A failure is logged; the caller says so.
 */
export function useMakeFilterPublic() {
  return useMutation({
    mutationKey: listKeys.mutations.publishFilter,
    mutationFn: (filterId: string) =>
      api<SavedFilter>(`/api/filters/${encodeURIComponent(filterId)}`, { method: 'PATCH', body: { private: false } }),
    meta: { invalidates: [filtersQueryOptions().queryKey, listKeys.all], errorLog: 'Error updating filter' },
  });
}
