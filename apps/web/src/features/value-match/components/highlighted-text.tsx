import type { Highlight } from '@quarry/shared';
import { Fragment } from 'react';

/** Text with the matched stretches in <mark>; built from offsets, so the text is never parsed as HTML. */
export function HighlightedText({ text, highlights }: { text: string; highlights: Highlight[] }) {
  const parts: { text: string; marked: boolean; at: number }[] = [];
  let at = 0;
  for (const h of highlights) {
    if (h.start < at || h.end > text.length || h.end <= h.start) continue;
    if (h.start > at) parts.push({ text: text.slice(at, h.start), marked: false, at });
    parts.push({ text: text.slice(h.start, h.end), marked: true, at: h.start });
    at = h.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false, at });
  return (
    <>{parts.map((p) => (p.marked ? <mark key={p.at}>{p.text}</mark> : <Fragment key={p.at}>{p.text}</Fragment>))}</>
  );
}
