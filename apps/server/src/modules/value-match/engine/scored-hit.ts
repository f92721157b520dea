import type { HitFacts } from './hit-facts.ts';

/**
 * One hit as weighed for a run. Its score for each hypothesis is not kept here but in the run's
 * flat arrays (`ScoringContext.scores` and `tierRanks`, at `row * hypothesisCount + i`): a
 * hundred thousand hits would otherwise each hold twenty small objects.
 */
export type ScoredHit = {
  facts: HitFacts;
  ageDays: number;
  recency: number;
  /** The best of its hypothesis scores (0 when it supports none). */
  best: number;
  /** Its row in the run's score arrays. */
  row: number;
};
