import type { MatchSpan } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { excerptOf, highlightsOf } from './highlights.ts';

const span = (field: MatchSpan['field'], start: number, end: number): MatchSpan => ({
  field,
  start,
  end,
  text: '',
  source: 'trigger',
  source_id: 't',
});

describe('highlights', () => {
  it('keeps one field, sorts and merges overlapping spans', () => {
    const spans = [span('title', 10, 15), span('text', 0, 3), span('title', 0, 4), span('title', 3, 6)];
    expect(highlightsOf(spans, 'title')).toEqual([
      { start: 0, end: 6 },
      { start: 10, end: 15 },
    ]);
  });

  it('cuts an excerpt around the first matched word, re-offsetting its spans', () => {
    const text = `${'filler words here '.repeat(20)}a product recall hit the plant`;
    const start = text.indexOf('product recall');
    const { excerpt, highlights } = excerptOf(text, [span('text', start, start + 14)]);
    const [h] = highlights;
    expect(h && excerpt.slice(h.start, h.end)).toBe('product recall');
    expect(excerpt.startsWith('filler') || excerpt.startsWith('words') || excerpt.startsWith('here')).toBe(true);
  });

  it('starts at the beginning when nothing in the text matched', () => {
    expect(excerptOf('short text', [span('title', 0, 5)])).toEqual({ excerpt: 'short text', highlights: [] });
  });
});
