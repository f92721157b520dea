import { describe, expect, it } from 'vitest';
import { titlesAdviceWarning } from './titles-advice-warning.ts';

describe('titlesAdviceWarning', () => {
  it('warns of too few titles below 5, none included', () => {
    expect(titlesAdviceWarning(0)).toBe('tooFew');
    expect(titlesAdviceWarning(4)).toBe('tooFew');
  });

  it('says nothing from 5 to 10 titles', () => {
    expect(titlesAdviceWarning(5)).toBeNull();
    expect(titlesAdviceWarning(10)).toBeNull();
  });

  it('warns of too many titles above 10', () => {
    expect(titlesAdviceWarning(11)).toBe('tooMany');
    expect(titlesAdviceWarning(13)).toBe('tooMany');
  });
});
