import { describe, expect, it } from 'vitest';
import { withPendingTag } from './with-pending-tag.ts';

describe('withPendingTag', () => {
  it('adds the typed text, trimmed, after the chips', () => {
    expect(withPendingTag(['CFO'], '  Head of Logistics ')).toEqual(['CFO', 'Head of Logistics']);
  });

  it('keeps the same list when nothing but spaces is typed', () => {
    const tags = ['CFO'];
    expect(withPendingTag(tags, '   ')).toBe(tags);
    expect(withPendingTag(tags, '')).toBe(tags);
  });

  it('does not add a title that is already a chip, whatever its case', () => {
    const tags = ['VP Supply Chain'];
    expect(withPendingTag(tags, 'vp supply chain')).toBe(tags);
  });
});
