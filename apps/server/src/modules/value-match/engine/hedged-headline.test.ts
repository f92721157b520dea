import { describe, expect, it } from 'vitest';
import { isHedgedHeadline } from './hedged-headline.ts';

describe('isHedgedHeadline', () => {
  it('finds a headline that says its event may not happen', () => {
    expect(isHedgedHeadline('Airline may be shut down in three weeks')).toBe(true);
    expect(isHedgedHeadline('Two carriers could merge this year')).toBe(true);
    expect(isHedgedHeadline('Steelmaker enters merger talks with a rival')).toBe(true);
    expect(isHedgedHeadline('Board considers a bid for the rival')).toBe(true);
  });

  it('leaves a headline that reports what happened, and words that only contain a hedge', () => {
    expect(isHedgedHeadline('Carmaker recalls 1.8 million cars')).toBe(false);
    expect(isHedgedHeadline('Mayor opens the new plant')).toBe(false);
    expect(isHedgedHeadline('Maybelline recalls mascara')).toBe(false);
  });
});
