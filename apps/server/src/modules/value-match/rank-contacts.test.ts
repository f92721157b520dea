import { describe, expect, it } from 'vitest';
import { rankContacts, titleMatch } from './rank-contacts.ts';

const contact = (id: string, title: string | null, email: string | null, email_status: string | null) => ({
  id,
  first_name: 'Pat',
  last_name: id,
  title,
  email,
  email_status,
});

describe('contacts ranked by target titles', () => {
  it('tells exact, similar and unrelated titles apart, ignoring case', () => {
    const targets = ['VP Supply Chain', 'Chief Operating Officer'];
    expect(titleMatch('vp supply chain', targets)).toBe('exact');
    expect(titleMatch('Director of Supply Planning', targets)).toBe('similar');
    expect(titleMatch('Head of Marketing', targets)).toBe('none');
    expect(titleMatch(null, targets)).toBe('none');
  });

  const acmeTargets = [
    'Chief Operating Officer',
    'VP Supply Chain',
    'Director of Logistics',
    'Supply Chain Manager',
    'Operations Analyst',
    'Director of Procurement',
  ];

  it('reads a title equal to a target after case, punctuation and "&"/"and" as exact', () => {
    expect(titleMatch('VP, Supply Chain', acmeTargets)).toBe('exact');
    expect(titleMatch('  vp supply-chain ', acmeTargets)).toBe('exact');
    expect(titleMatch('Director, Logistics & Procurement', ['Director Logistics and Procurement'])).toBe('exact');
    expect(titleMatch('Director of Sales and Marketing', ['Director of Sales & Marketing'])).toBe('exact');
  });

  it('does not call titles similar that share only seniority words', () => {
    expect(titleMatch('Chief Marketing Officer', acmeTargets)).toBe('none');
    expect(titleMatch('Marketing Analyst', acmeTargets)).toBe('none');
    expect(titleMatch('Chief Executive Officer', acmeTargets)).toBe('none');
    expect(titleMatch('Senior Vice President', acmeTargets)).toBe('none');
    expect(titleMatch('Director', acmeTargets)).toBe('none');
  });

  it('calls titles similar that share a domain word, in any word form', () => {
    expect(titleMatch('Logistics Manager', acmeTargets)).toBe('similar');
    expect(titleMatch('Head of Operations', acmeTargets)).toBe('similar');
    expect(titleMatch('Procurement Specialist', acmeTargets)).toBe('similar');
    expect(titleMatch('Senior Supply Planner', acmeTargets)).toBe('similar');
  });

  it('does not call a title of another department similar for the word it shares', () => {
    expect(titleMatch('Security Operations Manager', acmeTargets)).toBe('none');
    expect(titleMatch('Sales Operations Analyst', acmeTargets)).toBe('none');
    expect(titleMatch('IT Procurement Lead', acmeTargets)).toBe('none');
    // A department the target names is the same work.
    expect(titleMatch('Sales Operations Manager', ['Director of Sales Operations'])).toBe('similar');
    expect(titleMatch('Global Supply Chain Planning Manager', acmeTargets)).toBe('similar');
  });

  it('ranks "VP, Supply Chain" above a Chief Marketing Officer for the Acme targets', () => {
    const ranked = rankContacts(
      [
        contact('cmo', 'Chief Marketing Officer', 'cmo@x.example', 'verified'),
        contact('vp', 'VP, Supply Chain', 'vp@x.example', 'guessed'),
        contact('log', 'Logistics Manager', null, null),
        contact('mkt', 'Marketing Analyst', 'mkt@x.example', 'verified'),
      ],
      acmeTargets,
    );
    expect(ranked.map((c) => [c.id, c.title_match])).toEqual([
      ['vp', 'exact'],
      ['log', 'similar'],
      ['cmo', 'none'],
      ['mkt', 'none'],
    ]);
  });

  it('puts exact titles first, then similar, and a usable email before none within each', () => {
    const ranked = rankContacts(
      [
        contact('a', 'Head of Marketing', 'a@x.example', 'verified'),
        contact('b', 'Supply Analyst', null, null),
        contact('c', 'VP Supply Chain', 'c@x.example', 'unavailable'),
        contact('d', 'Supply Planner', 'd@x.example', 'verified'),
        contact('e', 'VP Supply Chain', 'e@x.example', 'guessed'),
      ],
      ['VP Supply Chain'],
    );
    expect(ranked.map((c) => c.id)).toEqual(['e', 'c', 'd', 'b', 'a']);
    expect(ranked.map((c) => c.email_usable)).toEqual([true, false, true, false, true]);
  });
});

describe('contacts whose titles meet no target', () => {
  const withSeniority = (id: string, title: string, seniority: string, email_status: string | null) => ({
    ...contact(id, title, email_status ? `${id}@x.example` : null, email_status),
    seniority,
  });

  it('come most senior first: the CEO before the Recruiting Manager for a team selling to logistics', () => {
    const ranked = rankContacts(
      [
        withSeniority('aaron', 'Recruiting Manager', 'manager', 'verified'),
        withSeniority('zed', 'Chief Executive Officer', 'c_suite', 'guessed'),
        withSeniority('bea', 'Content Strategist', 'individual_contributor', 'verified'),
        withSeniority('dir', 'Director of Logistics', 'director', 'guessed'),
        withSeniority('vp', 'Vice President of Finance', 'vp', null),
      ],
      ['Director of Logistics'],
    );
    expect(ranked.map((c) => c.id)).toEqual(['dir', 'zed', 'aaron', 'bea', 'vp']);
  });
});
