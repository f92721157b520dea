import { describe, expect, it } from 'vitest';
import { randomFor } from './demo-random.ts';

describe('demo randomness', () => {
  it('draws the values the demo was seeded with before the hash moved to @quarry/shared', () => {
    // Computed by demo-random.ts's own FNV copy: the same account must get the same demo data.
    const random = randomFor('contacts', 'acc-1');
    expect([random(), random(), random()]).toEqual([0.8192165987566113, 0.6681091329082847, 0.31015661684796214]);
  });
});
