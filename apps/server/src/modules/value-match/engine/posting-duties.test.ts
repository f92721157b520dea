import { describe, expect, it } from 'vitest';
import { inDuty, isWrittenAsName, postingPartsOf } from './posting-duties.ts';

const at = (text: string, word: string) => text.indexOf(word);

describe('posting duties', () => {
  it('reads sentences about the job or the candidate as duties, and the company’s own sentences as context', () => {
    const text =
      'Acme is looking for a new Analyst in Ohio. We are opening a new plant. The role watches for intrusions. You will audit suppliers.';
    const parts = postingPartsOf(text);
    expect(inDuty(parts, at(text, 'Ohio'))).toBe(true);
    expect(inDuty(parts, at(text, 'opening'))).toBe(false);
    expect(inDuty(parts, at(text, 'intrusions'))).toBe(true);
    expect(inDuty(parts, at(text, 'audit'))).toBe(true);
  });

  it('reads a sentence about filling the job as a duty, whoever its subject, but not hiring for a change', () => {
    const text =
      'Acme is looking for a planner to handle recalls. We are seeking an analyst who tracks shortages. We are hiring for the new stores we open this year.';
    const parts = postingPartsOf(text);
    expect(inDuty(parts, at(text, 'recalls'))).toBe(true);
    expect(inDuty(parts, at(text, 'shortages'))).toBe(true);
    expect(inDuty(parts, at(text, 'new stores'))).toBe(false);
  });

  it('finds a duty that opens right after an abbreviation ending a sentence, and runs it past "Inc."', () => {
    const text = 'PVH has a place for an Analyst in New York, N.Y. The role guards Acme Inc. from intrusions. We grew.';
    const parts = postingPartsOf(text);
    expect(inDuty(parts, at(text, 'place'))).toBe(false);
    expect(inDuty(parts, at(text, 'guards'))).toBe(true);
    expect(inDuty(parts, at(text, 'intrusions'))).toBe(true);
    expect(inDuty(parts, at(text, 'grew'))).toBe(false);
  });

  it('reads a capitalised word as a name inside a sentence, or at its start before another capitalised word', () => {
    const text = 'Best Buy is hiring. Recall Foods too. Recall notices went out. Big Merger Corp. merger news.';
    const parts = postingPartsOf(text);
    expect(isWrittenAsName(parts, at(text, 'Buy'))).toBe(true);
    expect(isWrittenAsName(parts, at(text, 'Recall Foods'))).toBe(true);
    expect(isWrittenAsName(parts, at(text, 'Recall notices'))).toBe(false);
    expect(isWrittenAsName(parts, at(text, 'Merger'))).toBe(true);
    expect(isWrittenAsName(parts, at(text, 'merger news'))).toBe(false);
  });
});
