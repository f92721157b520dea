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
