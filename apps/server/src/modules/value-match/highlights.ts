import type { Highlight, MatchSpan } from '@quarry/shared';

/** Spans of one field as sorted, merged highlights clipped to [from, to), re-offset to start at `from`. */
export function highlightsOf(spans: MatchSpan[], field: MatchSpan['field'], from = 0, to = Number.POSITIVE_INFINITY) {
  const picked = spans
    .filter((s) => s.field === field && s.end > from && s.start < to && s.end > s.start)
    .map((s) => ({ start: Math.max(s.start, from) - from, end: Math.min(s.end, to) - from }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Highlight[] = [];
  for (const h of picked) {
    const last = merged.at(-1);
    if (last && h.start <= last.end) last.end = Math.max(last.end, h.end);
    else merged.push({ ...h });
  }
  return merged;
}

const EXCERPT_BEFORE = 120;
const EXCERPT_LENGTH = 360;

/** A window of the text around its first highlighted span (or its start), with the spans inside it. */
export function excerptOf(text: string, spans: MatchSpan[]): { excerpt: string; highlights: Highlight[] } {
  const first = spans.filter((s) => s.field === 'text').sort((a, b) => a.start - b.start)[0];
  let from = first ? Math.max(0, first.start - EXCERPT_BEFORE) : 0;
  // Start at a word boundary so the excerpt never opens mid-word.
  if (from > 0) {
    const space = text.indexOf(' ', from);
    if (space !== -1 && first && space < first.start) from = space + 1;
  }
  const to = Math.min(text.length, from + EXCERPT_LENGTH);
  return { excerpt: text.slice(from, to), highlights: highlightsOf(spans, 'text', from, to) };
}
