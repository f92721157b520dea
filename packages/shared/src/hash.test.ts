import { describe, expect, it } from 'vitest';
import { FNV1A_OFFSET, fnv1a, fnv1aUnits } from './hash.ts';

const unitsOf = (text: string) => Uint16Array.from(text, (c) => c.charCodeAt(0));

describe('fnv1a', () => {
  it('gives the published FNV-1a 32-bit values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('gives the values the demo data, evaluation splits and dedupe keys were built with', () => {
    // Computed by the copies this module replaced (demo-random.ts, eval-set.ts, eval-draw.ts).
    expect(['Acme Corp acquires Widget Inc', 'héllo wörld 日本'].map((t) => fnv1a(t))).toEqual([
      1596095042, 2315802619,
    ]);
  });

  it('mixes a seed into the offset basis', () => {
    expect(fnv1a('', 1)).toBe((FNV1A_OFFSET ^ 1) >>> 0);
    expect(fnv1a('quarry', 0x9e3779b9)).not.toBe(fnv1a('quarry'));
  });
});

describe('fnv1aUnits', () => {
  it('is the same hash over code units, signed as Math.imul gives it', () => {
    // Computed by the word table's former copy (value-match/engine/word-table.ts).
    const texts = ['', 'a', 'foobar', 'Acme Corp acquires Widget Inc', 'héllo wörld 日本'];
    expect(texts.map((t) => fnv1aUnits(unitsOf(t)))).toEqual([
      -2128831035, -468965076, -1080231576, 1596095042, -1979164677,
    ]);
    for (const t of texts) expect(fnv1aUnits(unitsOf(t)) >>> 0).toBe(fnv1a(t));
  });

  it('hashes only the range asked for', () => {
    expect(fnv1aUnits(unitsOf('xxfoobaryy'), 2, 8) >>> 0).toBe(fnv1a('foobar'));
  });
});
