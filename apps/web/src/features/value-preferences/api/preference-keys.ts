/**
 * The preference feature's query keys. `valueMatches` is the prefix of the value-match feature's
 * queries: what a preference changes, the engine re-ranks, so a save refreshes them all.
 */
export const preferenceKeys = {
  triggers: ['triggers'] as const,
  qualificationSignals: ['qualification-signals'] as const,
  targetTitles: ['target-titles'] as const,
  valueMatches: ['value-matches'] as const,
};
