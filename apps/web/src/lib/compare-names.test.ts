import { describe, expect, it } from 'vitest';
import { compareNames } from './compare-names.ts';

describe('compareNames', () => {
  it('orders numbers in names by value, ignoring case and accents', () => {
    expect(
      ['Company10', 'company2', 'Company1', 'Émile', 'eve', 'Q10 accounts', 'Q2 accounts'].sort(compareNames),
    ).toEqual(['Company1', 'company2', 'Company10', 'Émile', 'eve', 'Q2 accounts', 'Q10 accounts']);
  });
});
