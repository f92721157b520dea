import type { Highlight } from '@quarry/shared';

/**
 * Where the matched phrases stand in the quoted sentence of a card's why-now text: a phrase is
 * found at the start of a word, in any case and spacing, with its word's ending ("supply shortage"
 * marks "Supply shortages"). Only inside the quote: the same words elsewhere in the text (the
 * hypothesis's name) are not evidence. None when the text does not hold the quote.
 */
export function saidHighlights(text: string, said: string | undefined, phrases: readonly string[]): Highlight[] {
  const quoted = said?.trim();
  if (!quoted) return [];
  const from = text.indexOf(quoted);
  if (from < 0) return [];
  const marks: Highlight[] = [];
  for (const phrase of phrases) {
    const words = phrase.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
    if (words.length === 0) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}\\p{L}*`, 'giu');
    for (const m of quoted.matchAll(pattern)) {
      marks.push({ start: from + (m.index ?? 0), end: from + (m.index ?? 0) + m[0].length });
    }
  }
  // In order and never overlapping, as HighlightedText reads them: overlaps are merged.
  marks.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Highlight[] = [];
  for (const mark of marks) {
    const last = merged.at(-1);
    if (last && mark.start <= last.end) last.end = Math.max(last.end, mark.end);
    else merged.push({ ...mark });
  }
  return merged;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
