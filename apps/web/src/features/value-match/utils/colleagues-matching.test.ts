import type { UserSummary } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { colleaguesMatching } from './colleagues-matching.ts';

const user = (uid: string, display_name: string, email: string): UserSummary => ({ uid, display_name, email });
const team = [
  user('u_rita', 'Rita Rep', 'rita@acme.test'),
  user('u_raj', 'Raj Patel', 'raj@acme.test'),
  user('u_mike', 'Mike Manager', 'mike@acme.test'),
];

describe('colleaguesMatching', () => {
  it('offers everyone but the caller while the search is blank', () => {
    expect(colleaguesMatching(team, 'u_mike', '  ').map((u) => u.uid)).toEqual(['u_rita', 'u_raj']);
  });

  it('narrows by name or email, in any case', () => {
    expect(colleaguesMatching(team, 'u_mike', 'PATEL').map((u) => u.uid)).toEqual(['u_raj']);
    expect(colleaguesMatching(team, 'u_mike', 'rita@').map((u) => u.uid)).toEqual(['u_rita']);
  });

  it('never offers a service account (admin@), even when the search names it', () => {
    const withService = [...team, user('u_svc', 'Acme Service Account', 'admin@acme.test')];
    expect(colleaguesMatching(withService, 'u_mike', '').map((u) => u.uid)).toEqual(['u_rita', 'u_raj']);
    expect(colleaguesMatching(withService, 'u_mike', 'service')).toEqual([]);
  });

  it('never offers the caller, even when the search names them', () => {
    expect(colleaguesMatching(team, 'u_mike', 'mike')).toEqual([]);
  });
});
