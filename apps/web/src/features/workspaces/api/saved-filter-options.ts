import { useQuery } from '@tanstack/react-query';
import { filtersQueryOptions } from '../../../lib/saved-filters.ts';

/** The saved filters a smart list can evaluate: the user's own and the tenant's public ones. */
export const useSavedFilterOptions = (enabled: boolean) => useQuery({ ...filtersQueryOptions(), enabled });
