import { describe, expect, it } from 'vitest';
import {
  isHedgedAt,
  isHedgedIn,
  sentenceAround,
  sentenceIndexAt,
  sentenceOf,
  sentenceStarts,
} from './sentence-index.ts';

describe('sentenceIndexAt', () => {
  it('counts sentence ends before an offset', () => {
    const text = 'Acme opened a plant. It hired 300 people! Then it closed.';
    expect(sentenceIndexAt(text, text.indexOf('opened'))).toBe(0);
    expect(sentenceIndexAt(text, text.indexOf('hired'))).toBe(1);
    expect(sentenceIndexAt(text, text.indexOf('closed'))).toBe(2);
  });

  it('does not end a sentence at an abbreviation or initials', () => {
    const text = 'The U.S. Federal Reserve met Mr. Smith of Acme Inc. Tuesday. Prices fell.';
    expect(sentenceIndexAt(text, text.indexOf('Tuesday'))).toBe(0);
    expect(sentenceIndexAt(text, text.indexOf('Prices'))).toBe(1);
  });

  it("ends a sentence at a place's state after its town, so the next sentence's event is its own", () => {
    const posting =
      'We are hiring an Operations Analyst in Hoboken, N.J. Component shortages delayed shipments from our plant.';
    expect(sentenceIndexAt(posting, posting.indexOf('shortages'))).toBe(1);
    expect(sentenceAround(posting, posting.indexOf('shortages'))).toBe(
      'Component shortages delayed shipments from our plant.',
    );
    // Dotted initials elsewhere still name something.
    const steel = 'Shares of U.S. Steel fell. Then more.';
    expect(sentenceIndexAt(steel, steel.indexOf('Steel'))).toBe(0);
  });
});

describe('isHedgedAt', () => {
  it('reads negation and hedging in the sentence of the offset only', () => {
    const text = 'Acme denied it will close the plant. Rival Corp. will close its mill. Beta may close a store.';
    expect(isHedgedAt(text, text.indexOf('close the plant'))).toBe(true);
    expect(isHedgedAt(text, text.indexOf('close its mill'))).toBe(false);
    expect(isHedgedAt(text, text.indexOf('close a store'))).toBe(true);
    expect(isHedgedAt("The firm won't cut jobs.", 15)).toBe(true);
  });
});

describe('isHedgedAt, events that happened to others', () => {
  it("does not take a peer's or the industry's event for the company's own", () => {
    const at = (text: string, word: string) => isHedgedAt(text, text.indexOf(word));
    expect(at('A cyberattack on one of our peers last year made us add security staff.', 'cyberattack')).toBe(true);
    expect(at('Cyber attacks on companies like ours rose this year.', 'attacks')).toBe(true);
    expect(at('Supply shortages across our industry reached our plants this year.', 'shortages')).toBe(true);
    expect(at('Its rivals cut prices twice in March.', 'cut')).toBe(true);
    expect(at('Industry-wide delays hit shipments.', 'delays')).toBe(true);
    expect(at('Hacking attempts on companies in our industry keep rising.', 'Hacking')).toBe(true);
    // The company's own event, said plainly, stays asserted.
    expect(at('A cyberattack hit our payment systems last year.', 'cyberattack')).toBe(false);
    expect(at('Supply shortages reached two of our plants this year.', 'shortages')).toBe(false);
  });
});

describe('sentenceStarts and sentenceOf', () => {
  it('place offsets in the same sentences as sentenceIndexAt', () => {
    const text = 'The U.S. unit of Acme Inc. opened a plant. It hired 300 people! Then it closed.';
    const starts = sentenceStarts(text);
    for (const word of ['unit', 'opened', 'hired', 'Then', 'closed']) {
      expect(sentenceOf(starts, text.indexOf(word))).toBe(sentenceIndexAt(text, text.indexOf(word)));
    }
    expect(sentenceOf(starts, text.indexOf('Then'))).toBe(2);
  });

  it('read a sentence as hedged or not as isHedgedAt does', () => {
    const text = 'Acme Inc. denied it will close the plant. It will close the depot. Staff may leave.';
    const starts = sentenceStarts(text);
    for (const word of ['close the plant', 'close the depot', 'leave']) {
      expect(isHedgedIn(text, starts, text.indexOf(word))).toBe(isHedgedAt(text, text.indexOf(word)));
    }
    expect(isHedgedIn(text, starts, text.indexOf('close the depot'))).toBe(false);
  });
});
