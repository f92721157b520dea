import { z } from 'zod';
import { MATCH_TIERS } from './value-match.ts';

/** How many values one Home filter may hold (hypotheses, industries). */
export const HOME_FILTER_MAX_VALUES = 100;

/** Home's filters: any of the tiers, hypotheses and industries (none chosen = all), and "my accounts only". */
export const homeFiltersSchema = z.strictObject({
  tiers: z.array(z.enum(MATCH_TIERS)).max(MATCH_TIERS.length),
  hypothesis_ids: z.array(z.string().min(1).max(200)).max(HOME_FILTER_MAX_VALUES),
  industries: z.array(z.string().min(1).max(200)).max(HOME_FILTER_MAX_VALUES),
  mine: z.boolean(),
});
export type HomeFilters = z.infer<typeof homeFiltersSchema>;

/** Home with nothing filtered. */
export const NO_HOME_FILTERS: HomeFilters = { tiers: [], hypothesis_ids: [], industries: [], mine: false };
