import { describe, expect, it } from 'vitest';
import { sameWords } from './same-words.ts';

describe('sameWords', () => {
  it('reads names alike whatever their letter case and spacing', () => {
    expect(sameWords('Q4  targets ', 'q4 targets')).toBe(true);
    expect(sameWords('Q4 targets', 'Q4 target')).toBe(false);
    expect(sameWords('Q4targets', 'Q4 targets')).toBe(false);
  });
});
