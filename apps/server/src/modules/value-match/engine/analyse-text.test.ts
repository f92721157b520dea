import { describe, expect, it } from 'vitest';
import { analyseText } from './analyse-text.ts';
import { normalizeWord } from './normalize-word.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './stop-words.ts';

/** The words of `text` the slow, obvious way: what the word table must agree with. */
function reference(text: string): { stem: string; start: number; end: number; stop: boolean }[] {
  const lower = text.toLowerCase();
  const source = lower.length === text.length ? lower : text;
  const out: { stem: string; start: number; end: number; stop: boolean }[] = [];
  for (const match of source.matchAll(/[\p{L}\p{N}]+(?:['’]\p{L}[\p{L}\p{N}]*)?/gu)) {
    const normal = normalizeWord(match[0]);
    if (!normal) continue;
    const stop = STOP_WORDS.has(normal) || /^\d/.test(normal);
    const start = match.index ?? 0;
    out.push({ stem: stop ? normal : stemWord(normal), start, end: start + match[0].length, stop });
  }
  return out;
}

function words(text: string) {
  const analysed = analyseText(text);
  return analysed.stem.map((stem, slot) => ({
    stem,
    start: analysed.start[slot] as number,
    end: analysed.end[slot] as number,
    stop: (analysed.ordinal[slot] as number) < 0,
  }));
}

describe('analyseText', () => {
  it('finds, lowers and stems every word the way the obvious scan does', () => {
    const texts = [
      'Oil PRICES rose as Acme’s warehouses ran short; the company cut 11,000 jobs.',
      'ÉNERGIE and Ölpreis: “curly” quotes — dashes — café au lait, NESTLÉ’S results',
      'İstanbul office: the İ changes length in lower case, so offsets come from the text',
      'ΟΔΟΣ and Σ at a word end lower to a final sigma, ΣΑΣ too',
      'internationalisation internationally internationalization INTERNATIONALLY',
    ];
    for (const text of texts) expect(words(text)).toEqual(reference(text));
  });

  it('keeps words apart that share their first eight letters or their length', () => {
    const list = ['abcdefghxyz', 'abcdefghxyw', 'abcdefghxy', 'abcdefgh', 'abcdefgi', 'zz', 'z'];
    const analysed = analyseText(list.join(' '));
    expect(analysed.stem).toEqual(list.map((w) => stemWord(w)));
    expect(new Set(analysed.stem).size).toBe(list.length);
    expect(analysed.end).toEqual([11, 23, 34, 43, 52, 55, 57]);
  });

  it('gives the same answer the second time, when every word is already known', () => {
    const text = 'Supply shortages at the Port of Oakland; SUPPLY chains strained, shortages grow.';
    const first = analyseText(text);
    const second = analyseText(text);
    expect(second).toEqual(first);
    expect(first.index.get(stemWord('shortages'))).toHaveLength(2);
  });

  it('indexes only the stems asked for, while still counting every word', () => {
    const analysed = analyseText(
      'The recall of cars and the RECALLS of trucks',
      Number.POSITIVE_INFINITY,
      new Set(['recal']),
    );
    expect(analysed.stem).toEqual(['recal', 'recal']);
    expect(analysed.wordCount).toBe(9);
    expect(analysed.contentCount).toBe(4);
    expect(analysed.start).toEqual([4, 27]);
  });
});
