import { describe, expect, it } from 'vitest';
import type { SpanRange } from './packed-spans.ts';
import { type PackedSpans, packSpan, unpackSpans } from './packed-spans.ts';

describe('packed spans', () => {
  it('unpack into span objects in the order packed, with the source given', () => {
    const packed: PackedSpans = [];
    packSpan(packed, 'title', 0, 6);
    packSpan(packed, 'text', 120, 131);
    const out: SpanRange[] = [{ field: 'text', start: 1, end: 2, source: 'trigger', source_id: 'trg_0' }];
    unpackSpans(packed, 'qualification_signal', 'qs_1', out);
    expect(out).toEqual([
      { field: 'text', start: 1, end: 2, source: 'trigger', source_id: 'trg_0' },
      { field: 'title', start: 0, end: 6, source: 'qualification_signal', source_id: 'qs_1' },
      { field: 'text', start: 120, end: 131, source: 'qualification_signal', source_id: 'qs_1' },
    ]);
  });
});
