import { describe, expect, it } from 'vitest';
import { exampleStyle } from './example-style.ts';

describe('exampleStyle', () => {
  it('reads the greeting, the sign-off and the typical length of the examples', () => {
    const style = exampleStyle([
      'Hey Anna,\n\nSaw your launch. Worth a chat?\n\nTalk soon,\nSam',
      'Hey Bob,\n\nQuick one about your hiring plans this spring.\n\nTalk soon,\nSam Seller\nNorthwind',
      'Dear Ms Lee,\n\nI read about your new plant in Ohio and wanted to share one idea with you.\n\nBest regards,\nSam',
    ]);
    expect(style.greeting).toBe('Hey');
    expect(style.signOff).toBe('Talk soon');
    expect(style.typicalWords).toBe(15);
  });

  it('reads a greeting or sign-off it has no list for from a short line ending in a comma', () => {
    const style = exampleStyle(['Hallo Anna,\n\nKurze Frage zu Ihrem Lager.\n\nViele Grüße,\nSam']);
    expect(style).toMatchObject({ greeting: 'Hallo', signOff: 'Viele Grüße' });
  });

  it('says nothing when there are no examples', () => {
    expect(exampleStyle([])).toEqual({ greeting: null, signOff: null, typicalWords: null });
  });
});
