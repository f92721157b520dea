import { describe, expect, it } from 'vitest';
import { isAboutAccount, namesAccount } from './account-mention.ts';

describe('namesAccount', () => {
  it('finds a name as a whole word, written as a name', () => {
    expect(namesAccount('Shares of Apple rose.', ['Apple'])).toBe(true);
    expect(namesAccount('She ate an apple.', ['Apple'])).toBe(false);
    expect(namesAccount('Applebee said so.', ['Apple'])).toBe(false);
    expect(namesAccount("Ford's plant closed.", ['Ford'])).toBe(true);
    expect(namesAccount('AT&T cut jobs.', ['AT&T'])).toBe(true);
  });
});

describe('isAboutAccount', () => {
  const names = ['Ford Motor', 'Ford'];
  it('reads the sentence of the offset, or the one before when this one refers back to it', () => {
    const text = 'Ford reported sales. Toyota will close a plant. It blamed costs. The company will also cut jobs.';
    expect(isAboutAccount(text, text.indexOf('sales'), names)).toBe(true);
    expect(isAboutAccount(text, text.indexOf('close a plant'), names)).toBe(false);
    // "It" refers back to Toyota's sentence, which does not name Ford.
    expect(isAboutAccount(text, text.indexOf('blamed'), names)).toBe(false);
    const own = 'Ford reported sales. It will close a plant.';
    expect(isAboutAccount(own, own.indexOf('close a plant'), names)).toBe(true);
    const later = 'Ford reported sales. Prices fell. It will close a plant.';
    expect(isAboutAccount(later, later.indexOf('close a plant'), names)).toBe(false);
  });
});
