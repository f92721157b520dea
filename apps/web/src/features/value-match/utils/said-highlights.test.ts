import { describe, expect, it } from 'vitest';
import { saidHighlights } from './said-highlights.ts';

const marked = (text: string, said: string, phrases: string[]) =>
  saidHighlights(text, said, phrases).map((h) => text.slice(h.start, h.end));

describe('saidHighlights', () => {
  const said = 'Supply shortages and delivery delays reached our plants this year';
  const text = `They posted an opening for “Supply Chain Manager” 2 months ago, writing: “${said}”. A strong sign of “Supply disruption puts revenue at risk”.`;

  it('marks the matched phrases in the quote, with their endings, in any case', () => {
    expect(marked(text, said, ['supply shortage', 'delivery delays', 'plant', 'supplier'])).toEqual([
      'Supply shortages',
      'delivery delays',
      'plants',
    ]);
  });

  it('marks nothing outside the quote, nor inside another word', () => {
    // "supply" stands in the title and the hypothesis too; "ant" inside "plants" is no word.
    expect(marked(text, said, ['supply', 'ant'])).toEqual(['Supply']);
  });

  it('marks nothing without a quote in the text', () => {
    expect(saidHighlights(text, undefined, ['plant'])).toEqual([]);
    expect(saidHighlights('No quote here', said, ['plant'])).toEqual([]);
  });
});
