import { NO_HOME_FILTERS } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { homeFiltersFromParams, homeFiltersToParams } from './home-filters-params.ts';

describe('Home filters in the address', () => {
  it('names no filter when the address has none, so the defaults apply', () => {
    expect(homeFiltersFromParams(new URLSearchParams(''))).toBeNull();
    expect(homeFiltersFromParams(new URLSearchParams('offset=3'))).toBeNull();
  });

  it('reads back every value it wrote, repeated parameters included', () => {
    const filters = { tiers: ['tier_1', 'none'], hypothesis_ids: ['h1', 'h2'], industries: ['Oil, Gas'], mine: true };
    const params = homeFiltersToParams(filters as typeof NO_HOME_FILTERS);
    expect(params.toString()).toBe('tier=tier_1&tier=none&hypothesis=h1&hypothesis=h2&industry=Oil%2C+Gas&mine=true');
    expect(homeFiltersFromParams(params)).toEqual(filters);
  });

  it('keeps "nothing filtered" distinct from "no filter in the address"', () => {
    const params = homeFiltersToParams(NO_HOME_FILTERS);
    expect(params.toString()).toBe('mine=false');
    expect(homeFiltersFromParams(params)).toEqual(NO_HOME_FILTERS);
  });

  it('drops an unknown tier from a hand-edited address', () => {
    expect(homeFiltersFromParams(new URLSearchParams('tier=gold&tier=tier_2'))?.tiers).toEqual(['tier_2']);
  });
});
