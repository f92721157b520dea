import commonBigrams from './common-bigrams.json' with { type: 'json' };
import type { CompiledPhrase } from './compiled-phrase.ts';

/**
 * How common a phrase is in business news at large (issue 19): the share of articles of a
 * general news corpus holding it (common-bigrams.json, built by `npm run build:common-phrases`
 * from articles outside the evaluation set). A phrase of several words is counted as its rarest
 * pair of consecutive words, an upper bound on its own share; 0 when a pair is rarer than the
 * table keeps (or the phrase has one word, which corroboration.ts reads by its own rule).
 */
const PAIRS: Readonly<Record<string, number>> = commonBigrams.pairs;

/** Key of two consecutive content stems (stop words between them skipped). */
export const contentPairKey = (a: string, b: string): string => `${a} ${b}`;
/** Key of two consecutive words, stop words included (a literal phrase such as "shut down"). */
export const literalPairKey = (a: string, b: string): string => `=${a} ${b}`;

const shares = new WeakMap<CompiledPhrase, number>();

export function phraseNewsShare(phrase: CompiledPhrase): number {
  let share = shares.get(phrase);
  if (share !== undefined) return share;
  share = 0;
  if (phrase.stems.length > 1) {
    share = 1;
    const key = phrase.literal ? literalPairKey : contentPairKey;
    for (let k = 1; k < phrase.stems.length && share > 0; k++) {
      share = Math.min(share, PAIRS[key(phrase.stems[k - 1] as string, phrase.stems[k] as string)] ?? 0);
    }
  }
  shares.set(phrase, share);
  return share;
}
