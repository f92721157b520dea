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

/** How far before the first highlight the excerpt may reach back to open at its sentence's start. */
const SENTENCE_LOOKBACK = 240;
/** Otherwise the excerpt opens at a word boundary this far before the first highlight. */
const WORD_LOOKBACK = 120;
const EXCERPT_LENGTH = 360;
/** The excerpt ends at a sentence end found within its last this-many characters. */
const SENTENCE_END_LOOKBACK = 80;

/**
 * A sentence ends with . ! ? or … before a space, with 。！？ (no space needed), or at a line
 * break; closing quotes and brackets after the mark belong to it.
 */
const SENTENCE_BREAK = /[.!?…]["'”’)\]]*\s+|[。！？]["”’」』）)]*\s*|\n\s*/gu;
const SENTENCE_END = /[.!?…]["'”’)\]]*(?=\s|$)|[。！？]["”’」』）)]*/gu;
const LOWERCASE = /^\p{Ll}/u;

/**
 * Where the sentence holding `pos` starts, if that is at most `lookback` characters before it:
 * the text's start, or just after a sentence break. A break followed by a lowercase letter
 * ("e.g. the") does not start a sentence. Undefined when the start lies further back.
 */
export function sentenceStartBefore(text: string, pos: number, lookback = SENTENCE_LOOKBACK): number | undefined {
  const lo = Math.max(0, pos - lookback);
  let start: number | undefined = lo === 0 ? 0 : undefined;
  for (const m of text.slice(lo, pos).matchAll(SENTENCE_BREAK)) {
    const after = lo + m.index + m[0].length;
    if (!LOWERCASE.test(text.slice(after, after + 1))) start = after;
  }
  return start;
}

/** The end (exclusive) of the last sentence ending in [from, to], if any; "e.g. the" is no end. */
function sentenceEndWithin(text: string, from: number, to: number): number | undefined {
  let end: number | undefined;
  // One character past `to` so that "…end." followed by a space is seen as an end at `to`.
  for (const m of text.slice(from, Math.min(text.length, to + 1)).matchAll(SENTENCE_END)) {
    const at = from + m.index + m[0].length;
    const next = text.slice(at).match(/^\s*(\S)/u)?.[1] ?? '';
    if (at <= to && !LOWERCASE.test(next)) end = at;
  }
  return end;
}

/** An excerpt of a text and where it was cut: the UI puts "…" where a sentence was cut. */
export type Excerpt = {
  excerpt: string;
  highlights: Highlight[];
  /** The excerpt opens inside a sentence (at a word boundary). */
  cutBefore: boolean;
  /** The text goes on after the excerpt, which ends inside a sentence. */
  cutAfter: boolean;
};

/** Where the excerpt opens: its first highlight's sentence start when near, else a word boundary. */
function excerptStart(text: string, firstStart: number | undefined): { from: number; cutBefore: boolean } {
  if (firstStart === undefined) return { from: 0, cutBefore: false };
  const sentenceStart = sentenceStartBefore(text, firstStart);
  if (sentenceStart !== undefined) return { from: sentenceStart, cutBefore: false };
  const from = firstStart - WORD_LOOKBACK;
  // Open at a word boundary so the excerpt never starts mid-word.
  if (/\s/u.test(text.charAt(from - 1))) return { from, cutBefore: true };
  const space = text.slice(from, firstStart).search(/\s\S/u);
  return { from: space === -1 ? from : from + space + 1, cutBefore: true };
}

/** Where the excerpt ends: the text's end, else a sentence end near the window's end, else a word boundary. */
function excerptEnd(text: string, from: number): { to: number; cutAfter: boolean } {
  const limit = from + EXCERPT_LENGTH;
  if (limit >= text.length) return { to: text.length, cutAfter: false };
  const sentenceEnd = sentenceEndWithin(text, Math.max(from, limit - SENTENCE_END_LOOKBACK), limit);
  if (sentenceEnd !== undefined) return { to: sentenceEnd, cutAfter: false };
  const space = text.slice(from, limit + 1).search(/\s\S*$/u);
  return { to: space > 0 ? from + space : limit, cutAfter: true };
}

/**
 * A window of the text around its first highlighted span (or its start), with the spans inside
 * it re-offset: it opens at the start of that span's sentence when it lies within ~240 characters
 * (else at a word boundary ~120 before, `cutBefore`), and ends at a sentence end within its last
 * ~80 characters (else at a word boundary, `cutAfter`).
 */
export function excerptOf(text: string, spans: MatchSpan[]): Excerpt {
  const first = spans.filter((s) => s.field === 'text' && s.end > s.start).sort((a, b) => a.start - b.start)[0];
  const { from, cutBefore } = excerptStart(text, first?.start);
  const { to, cutAfter } = excerptEnd(text, from);
  return { excerpt: text.slice(from, to), highlights: highlightsOf(spans, 'text', from, to), cutBefore, cutAfter };
}
