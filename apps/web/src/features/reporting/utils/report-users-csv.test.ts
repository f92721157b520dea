import { describe, expect, it } from 'vitest';
import { reportUsersCsv } from './report-users-csv.ts';

const headers = {
  name: 'User',
  email: 'Email',
  lastSignIn: 'Last sign-in',
  daysActive: 'Days active',
  signIns: 'Days signed in',
  events: 'Events',
};

describe('reportUsersCsv', () => {
  it('writes a header row and one row per user, quoting names that hold commas or quotes', () => {
    const csv = reportUsersCsv(
      [
        {
          uid: 'u1',
          display_name: 'Rep, "Rita"',
          email: 'rita@acme.test',
          last_sign_in_at: '2026-03-30T08:00:00.000Z',
          days_active: 12,
          sign_ins: 12,
          events: 140,
        },
        {
          uid: 'u2',
          display_name: 'Raj',
          email: 'raj@acme.test',
          last_sign_in_at: null,
          days_active: 0,
          sign_ins: 0,
          events: 0,
        },
      ],
      headers,
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFUser,Email,Last sign-in,Days active,Days signed in,Events',
      '"Rep, ""Rita""",rita@acme.test,2026-03-30 08:00,12,12,140',
      'Raj,raj@acme.test,,0,0,0',
      '',
    ]);
  });

  it('escapes a cell a spreadsheet would run as a formula with a leading single quote, then quotes it', () => {
    const csv = reportUsersCsv(
      [
        {
          uid: 'u1',
          display_name: '=HYPERLINK("http://x","y")',
          email: '@rita@acme.test',
          last_sign_in_at: null,
          days_active: 1,
          sign_ins: 1,
          events: 2,
        },
      ],
      headers,
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",'@rita@acme.test,,1,1,2`);
  });
});
