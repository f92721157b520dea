import { describe, expect, it } from 'vitest';
import { compilePhrase } from './compile-phrase.ts';
import { phraseCorpusShare, phraseNewsShare, specificity } from './phrase-commonness.ts';

const shareOf = (text: string) => {
  const phrase = compilePhrase(text);
  if (!phrase) throw new Error(`no phrase in ${text}`);
  return phraseNewsShare(phrase);
};

describe('phraseNewsShare', () => {
  it('reads everyday news phrases as common and specific ones as rare', () => {
    expect(shareOf('oil prices')).toBeGreaterThanOrEqual(0.004);
    expect(shareOf('stock market')).toBeGreaterThanOrEqual(0.004);
    expect(shareOf('plant closure')).toBe(0);
    expect(shareOf('net loss')).toBe(0);
  });

  it('reads a phrase kept with its stop words ("shut down") by its words in order', () => {
    expect(compilePhrase('shut down')?.literal).toBe(true);
    expect(shareOf('shut down')).toBeGreaterThan(0);
    expect(shareOf('down shut')).toBe(0);
  });

  it('gives a one-word phrase no share (corroboration reads it by its own rule)', () => {
    expect(shareOf('prices')).toBe(0);
  });

  it('counts a longer phrase as its rarest pair of words', () => {
    expect(shareOf('oil prices closure')).toBe(0);
    expect(shareOf('rising oil prices')).toBeLessThanOrEqual(shareOf('oil prices'));
  });
});

describe('phraseCorpusShare and specificity', () => {
  const corpusShareOf = (text: string) => {
    const phrase = compilePhrase(text);
    if (!phrase) throw new Error(`no phrase in ${text}`);
    return phraseCorpusShare(phrase);
  };

  it('reads a one-word phrase by its own share of business news, a longer one by its rarest pair', () => {
    expect(corpusShareOf('launch')).toBeGreaterThan(0.03);
    expect(corpusShareOf('strike')).toBeLessThan(corpusShareOf('launch'));
    expect(corpusShareOf('oil prices')).toBe(shareOf('oil prices'));
    expect(corpusShareOf('plant closure')).toBe(0);
  });

  it('weighs a phrase in full up to the limit, then by its idf against the limit', () => {
    expect(specificity(0.004, 0.005)).toBe(1);
    expect(specificity(0, 0.005)).toBe(1);
    expect(specificity(0.05, 0.005)).toBeCloseTo(Math.log(0.05) / Math.log(0.005), 10);
    expect(specificity(0.05, 0.005)).toBeLessThan(specificity(0.02, 0.005));
    expect(specificity(1, 0.005)).toBe(0);
    // Limit 0: the weight is off.
    expect(specificity(0.5, 0)).toBe(1);
  });
});
