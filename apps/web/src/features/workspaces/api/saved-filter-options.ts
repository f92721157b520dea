import type { SavedFilter } from '@quarry/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { logError } from '../../../lib/log-error.ts';
import { filtersQueryOptions } from '../../../lib/saved-filters.ts';
import { listKeys } from './lists.ts';

/** The saved filters a smart list can evaluate: the user's own and the tenant's public ones. */
export const useSavedFilterOptions = (enabled: boolean) => useQuery({ ...filtersQueryOptions(), enabled });

/**
 * Makes one of my saved filters public, so a smart list built on it shows the people of a shared
 * workspace what it shows me. Answers whether it worked.
 */
export function useMakeFilterPublic() {
  const queryClient = useQueryClient();
  return async (filterId: string): Promise<boolean> => {
    try {
      await api<SavedFilter>(`/api/filters/${encodeURIComponent(filterId)}`, {
        method: 'PATCH',
        body: { private: false },
      });
    } catch (error) {
      logError('Error updating filter', error);
      return false;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: filtersQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: listKeys.all }),
    ]);
    return true;
  };
}
