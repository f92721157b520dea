import type { MatchSpan } from '@quarry/shared';

/** A span before its text is cut out: only hits that are shown pay for that. */
export type SpanRange = Omit<MatchSpan, 'text'>;

/**
 * Spans before their text is cut out, three numbers a span: field (0 headline, 1 text), start,
 * end. Their source and source id are those of the trigger, signal or title holding them. A hit
 * keeps one small array of numbers per trigger rather than an object per span: every hit's facts
 * live until the end of the run, and only the hits that are shown need the spans as objects.
 */
export type PackedSpans = number[];

const FIELDS: MatchSpan['field'][] = ['title', 'text'];

/** Appends one span to `out`. */
export function packSpan(out: PackedSpans, field: MatchSpan['field'], start: number, end: number): void {
  out.push(field === 'title' ? 0 : 1, start, end);
}

/** Appends the spans of `packed` to `out` as objects, in their order. */
export function unpackSpans(
  packed: PackedSpans,
  source: MatchSpan['source'],
  sourceId: string,
  out: SpanRange[],
): void {
  for (let k = 0; k < packed.length; k += 3) {
    out.push({
      field: FIELDS[packed[k] as number] as MatchSpan['field'],
      start: packed[k + 1] as number,
      end: packed[k + 2] as number,
      source,
      source_id: sourceId,
    });
  }
}
