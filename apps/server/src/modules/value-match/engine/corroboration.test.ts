import { describe, expect, it } from 'vitest';
import { corroborated, type PlacedWord } from './corroboration.ts';

/** A word of `text` as the engine places it: the first occurrence of `word`. */
function at(text: string, word: string, stems: string, selfStanding = false): PlacedWord {
  const start = text.indexOf(word);
  if (start < 0) throw new Error(`no ${word}`);
  return { field: 'text', start, end: start + word.length, stems, selfStanding };
}

describe('corroborated', () => {
  it('does not let a one-word phrase alone stand for its event', () => {
    const text = 'Stock markets in Asia close higher. Traders were calm.';
    expect(corroborated(text, [at(text, 'close', 'close')], [])).toEqual([false]);
  });

  it('lets a requirement clause in the same sentence say what the word is about', () => {
    const text = 'The company will close its Ohio plant in March.';
    expect(corroborated(text, [at(text, 'close', 'close')], [at(text, 'plant', 'plant')])).toEqual([true]);
  });

  it('accepts another trigger phrase in the sentence before or after, not two sentences away', () => {
    const near = 'The airline reported losses. Its debt rose.';
    expect(corroborated(near, [at(near, 'losses', 'loss'), at(near, 'debt', 'debt')], [])).toEqual([true, true]);
    const far = 'The team suffered losses. Fans left. Its debt rose.';
    expect(corroborated(far, [at(far, 'losses', 'loss'), at(far, 'debt', 'debt')], [])).toEqual([false, false]);
  });

  it('reads the headline as the sentence before the text', () => {
    const text = 'The plant will shut in May.';
    const title: PlacedWord = { field: 'title', start: 9, end: 14, stems: 'shut', selfStanding: false };
    expect(corroborated(text, [title], [at(text, 'plant', 'plant')])).toEqual([true]);
  });

  it('lets a phrase of two or more words found in order stand alone', () => {
    const text = 'Analysts expect a plant closure.';
    expect(corroborated(text, [at(text, 'plant closure', 'plant closur', true)], [])).toEqual([true]);
  });

  it('is not corroborated by the same phrase again, nor by a clause on the same words', () => {
    const text = 'It launches a phone and launches a watch.';
    const first = at(text, 'launches', 'launch');
    const second = { ...first, start: text.lastIndexOf('launches'), end: text.lastIndexOf('launches') + 8 };
    // A requirement clause "launch" found on both places the trigger was.
    const clauses = [first, second];
    expect(corroborated(text, [first, second], clauses)).toEqual([false, false]);
    // Beside another word of the requirement, both are.
    expect(corroborated(text, [first, second], [...clauses, at(text, 'phone', 'phone')])).toEqual([true, true]);
  });
});
