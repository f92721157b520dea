import { type HomeFilters, NO_HOME_FILTERS } from '@quarry/shared';
import { useSearchParams } from 'react-router';
import { homeFiltersFromParams, homeFiltersToParams } from '../utils/home-filters-params.ts';

const sameValues = (a: string[], b: string[]) => a.length === b.length && a.every((v) => b.includes(v));

/** Whether two sets of filters show the same feed, whatever the order of their values. */
export const sameHomeFilters = (a: HomeFilters, b: HomeFilters) =>
  a.mine === b.mine &&
  sameValues(a.tiers, b.tiers) &&
  sameValues(a.hypothesis_ids, b.hypothesis_ids) &&
  sameValues(a.industries, b.industries);

/**
 * Home's filters: those the address names, else the user's default Home filters. A change on Home
 * goes into the address (Back from an account returns to it); resetting clears it.
 */
export function useHomeFilters(defaults: HomeFilters | undefined) {
  const [params, setParams] = useSearchParams();
  const chosen = homeFiltersFromParams(params);
  const mine = defaults ?? NO_HOME_FILTERS;
  const filters = chosen ?? mine;
  return {
    filters,
    /** The user has saved defaults and the filters shown differ from them. */
    differsFromDefaults: defaults !== undefined && !sameHomeFilters(filters, defaults),
    setFilters: (next: HomeFilters) => setParams(homeFiltersToParams(next), { replace: true }),
    resetToDefaults: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
