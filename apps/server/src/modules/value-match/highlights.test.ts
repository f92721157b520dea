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
    expect(excerptOf('short text', [span('title', 0, 5)])).toEqual({
      excerpt: 'short text',
      highlights: [],
      cutBefore: false,
      cutAfter: false,
    });
  });
});

/** A span over the first occurrence of `words` in `text`. */
function spanOver(text: string, words: string): MatchSpan {
  const start = text.indexOf(words);
  expect(start).toBeGreaterThanOrEqual(0);
  return span('text', start, start + words.length);
}

/** The highlighted words of an excerpt, as the UI marks them. */
const marked = ({ excerpt, highlights }: { excerpt: string; highlights: { start: number; end: number }[] }) =>
  highlights.map((h) => excerpt.slice(h.start, h.end));

describe('evidence excerpts', () => {
  // Capitalised: a break before a lowercase word is not taken for a sentence boundary.
  const filler = (n: number) => 'The crew kept working on the line '.repeat(n).trim();

  it('opens at the start of the sentence holding the first highlight when it is within 240 characters', () => {
    const text = `${filler(6)}. Last week Acme announced a product recall at its Ohio plant. Shares fell.`;
    const result = excerptOf(text, [spanOver(text, 'product recall')]);
    expect(result.excerpt).toBe('Last week Acme announced a product recall at its Ohio plant. Shares fell.');
    expect(result.cutBefore).toBe(false);
    expect(result.cutAfter).toBe(false);
    expect(marked(result)).toEqual(['product recall']);
  });

  it('does not take an abbreviation followed by a lowercase word for a sentence start', () => {
    const text = `${filler(4)}. Suppliers, e.g. the largest one, reported a product recall.`;
    const result = excerptOf(text, [spanOver(text, 'product recall')]);
    expect(result.excerpt.startsWith('Suppliers, e.g. the largest one')).toBe(true);
  });

  it('opens at a word boundary about 120 characters before, marked as cut, when the sentence starts too far back', () => {
    const text = `Intro. ${filler(12)} until a product recall stopped it`;
    const first = spanOver(text, 'product recall');
    expect(first.start - 'Intro. '.length).toBeGreaterThan(240);
    const result = excerptOf(text, [first]);
    expect(result.cutBefore).toBe(true);
    const from = text.indexOf(result.excerpt);
    expect(first.start - from).toBeLessThanOrEqual(120);
    expect(first.start - from).toBeGreaterThan(100);
    expect(text.charAt(from - 1)).toBe(' ');
    expect(result.excerpt.startsWith(' ')).toBe(false);
    expect(marked(result)).toEqual(['product recall']);
  });

  it('keeps every highlight on its words after re-offsetting, merging overlaps and dropping those outside', () => {
    const text = `${filler(10)}. A new VP Supply Chain will lead the supply chain team and its logistics hubs. ${filler(12)} far away logistics`;
    const spans = [
      spanOver(text, 'VP Supply Chain'),
      spanOver(text, 'Supply Chain will'),
      spanOver(text, 'logistics hubs'),
      span('text', text.lastIndexOf('logistics'), text.length),
      span('title', 0, 3),
    ];
    const result = excerptOf(text, spans);
    expect(result.excerpt.startsWith('A new VP Supply Chain')).toBe(true);
    expect(marked(result)).toEqual(['VP Supply Chain will', 'logistics hubs']);
  });

  it('ends at a sentence end within the last 80 characters of the window, with no "…" after it', () => {
    const text = `Acme reported a product recall. ${filler(8)}. ${filler(8)}.`;
    const result = excerptOf(text, [spanOver(text, 'product recall')]);
    expect(result.excerpt).toBe(`Acme reported a product recall. ${filler(8)}.`);
    expect(result.cutAfter).toBe(false);
  });

  it('without a sentence end near the window end, stops at a word boundary and marks the cut', () => {
    const text = `Acme reported a product recall and ${filler(20)}`;
    const result = excerptOf(text, [spanOver(text, 'product recall')]);
    expect(result.cutAfter).toBe(true);
    expect(result.excerpt.length).toBeLessThanOrEqual(360);
    expect(text.charAt(result.excerpt.length)).toBe(' ');
  });

  it('for a text without highlighted spans, starts at its beginning and highlights nothing', () => {
    const text = `${filler(5)}. ${filler(5)}. ${filler(5)}.`;
    const result = excerptOf(text, []);
    expect(result.excerpt).toBe(`${filler(5)}. ${filler(5)}.`);
    expect(result).toMatchObject({ highlights: [], cutBefore: false, cutAfter: false });
  });
});
