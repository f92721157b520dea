import { type HomeFilters, MATCH_TIERS, type MatchTier } from '@quarry/shared';

/** The query parameters that carry Home's filters. */
const FILTER_PARAMS = ['tier', 'hypothesis', 'industry', 'mine'] as const;

const isMatchTier = (value: string): value is MatchTier => (MATCH_TIERS as readonly string[]).includes(value);

/** Home's filters as its address names them, or null when it names none (the user's defaults apply then). */
export function homeFiltersFromParams(params: URLSearchParams): HomeFilters | null {
  if (!FILTER_PARAMS.some((key) => params.has(key))) return null;
  return {
    tiers: params.getAll('tier').filter(isMatchTier),
    hypothesis_ids: params.getAll('hypothesis'),
    industries: params.getAll('industry'),
    mine: params.get('mine') === 'true',
  };
}

/**
 * The address of Home showing these filters. `mine` is always written, so that an address with
 * nothing filtered still names a filter and the user's defaults do not come back.
 */
export function homeFiltersToParams(filters: HomeFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const tier of filters.tiers) params.append('tier', tier);
  for (const id of filters.hypothesis_ids) params.append('hypothesis', id);
  for (const industry of filters.industries) params.append('industry', industry);
  params.set('mine', String(filters.mine));
  return params;
}
