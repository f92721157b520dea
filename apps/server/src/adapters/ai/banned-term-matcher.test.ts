import { describe, expect, it } from 'vitest';
import { bannedTermMatcher } from './banned-term-matcher.ts';

describe('bannedTermMatcher', () => {
  it('finds a banned word in any case, as a whole word, with its plural, singular or possessive', () => {
    const find = bannedTermMatcher(['competitors', 'synergy', 'Salesforce']);
    expect(find('We beat our COMPETITORS.')).toBe('competitors');
    expect(find('Unlike any competitor, we…')).toBe('competitors');
    expect(find('Real synergies ahead')).toBe('synergy');
    expect(find("Salesforce's pricing")).toBe('Salesforce');
    expect(find('A noncompetitors clause, salesforcer, synergyx')).toBeNull();
  });

  it('finds a banned phrase across any spacing but not inside other words', () => {
    const find = bannedTermMatcher(['circle back']);
    expect(find('Let me circle\n back next week')).toBe('circle back');
    expect(find('A semicircle backdrop')).toBeNull();
  });

  it('treats regular-expression characters in a term as text', () => {
    const find = bannedTermMatcher(['C++ (legacy)', 'a.b']);
    expect(find('We replace C++ (legacy) code')).toBe('C++ (legacy)');
    expect(find('axb')).toBeNull();
  });

  it('finds nothing when nothing is banned', () => {
    expect(bannedTermMatcher([])('anything at all')).toBeNull();
  });
});
