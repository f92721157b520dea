import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortSmall } from './sort-small.ts';

type Item = { key: number; order: number };
const byKey = (a: Item, b: Item) => a.key - b.key;

describe('sortSmall', () => {
  it('orders any list exactly as the built-in stable sort does, ties included', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }), (keys) => {
        const items = keys.map((key, order) => ({ key, order }));
        expect(sortSmall([...items], byKey)).toEqual([...items].sort(byKey));
      }),
    );
  });

  it('sorts in place and returns the same array', () => {
    const items = [
      { key: 2, order: 0 },
      { key: 1, order: 1 },
      { key: 2, order: 2 },
    ];
    const sorted = sortSmall(items, byKey);
    expect(sorted).toBe(items);
    expect(items.map((x) => x.order)).toEqual([1, 0, 2]);
  });
});
