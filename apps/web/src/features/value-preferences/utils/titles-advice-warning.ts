import { TARGET_TITLES_ADVICE_MAX, TARGET_TITLES_ADVICE_MIN } from '@quarry/shared';

/** Which side of the spec's advice (5 to 10 target titles) a count falls on; null inside it. */
export type TitlesAdviceWarning = 'tooFew' | 'tooMany' | null;

/**
 * Whether the target titles count is outside the advice of 5 to 10 (spec section 5). It is a
 * hint only: any count up to the list's cap can still be saved.
 */
export function titlesAdviceWarning(count: number): TitlesAdviceWarning {
  if (count < TARGET_TITLES_ADVICE_MIN) return 'tooFew';
  if (count > TARGET_TITLES_ADVICE_MAX) return 'tooMany';
  return null;
}
