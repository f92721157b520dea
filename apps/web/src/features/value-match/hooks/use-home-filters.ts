import { type HomeFilters, NO_HOME_FILTERS } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
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
 * shows at once (component state) and is mirrored into the address (Back from an account returns
 * to it); resetting clears it. The router applies an address change asynchronously, so the address
 * is not the source of the filters shown: a second change made before the first reached it would
 * start from stale filters and undo the first. An address change the hook did not make (the Home
 * link, Back/Forward) is adopted. `hypothesisIds`, once known, are the hypotheses the user may see:
 * any other id the address names ("?hypothesis=nope", one deleted since) is dropped from the filters.
 */
export function useHomeFilters(defaults: HomeFilters | undefined, hypothesisIds?: ReadonlySet<string>) {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<HomeFilters | null>(() => homeFiltersFromParams(params));
  // Addresses this hook wrote that the router has not shown yet, oldest first.
  const pending = useRef<string[]>([]);
  const address = params.toString();
  useEffect(() => {
    const at = pending.current.indexOf(address);
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      return;
    }
    pending.current = [];
    setChosen(homeFiltersFromParams(new URLSearchParams(address)));
  }, [address]);

  const write = (next: HomeFilters | null) => {
    const nextParams = next ? homeFiltersToParams(next) : new URLSearchParams();
    pending.current.push(nextParams.toString());
    setChosen(next);
    setParams(nextParams, { replace: true });
  };
  const named = chosen ?? defaults ?? NO_HOME_FILTERS;
  const filters =
    hypothesisIds && named.hypothesis_ids.some((id) => !hypothesisIds.has(id))
      ? { ...named, hypothesis_ids: named.hypothesis_ids.filter((id) => hypothesisIds.has(id)) }
      : named;
  return {
    filters,
    /** The user has saved defaults and the filters shown differ from them. */
    differsFromDefaults: defaults !== undefined && !sameHomeFilters(filters, defaults),
    setFilters: (next: HomeFilters) => write(next),
    resetToDefaults: () => write(null),
  };
}
