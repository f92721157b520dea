import { describe, expect, it } from 'vitest';
import { compilePhrase } from './compile-phrase.ts';
import { phraseNewsShare } from './phrase-commonness.ts';

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
