import type { UserSummary } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { shareableUsers } from './shareable-users.ts';

const user = (uid: string, display_name: string, email: string) => ({ uid, display_name, email }) as UserSummary;
const people = [
  user('u_rita', 'Rita Reyes', 'rita@acme.test'),
  user('u_raj', 'Raj Patel', 'raj@acme.test'),
  user('u_mike', 'Mike Miller', 'mike@acme.test'),
  user('u_ada', 'Ada Admin', 'ada@acme.test'),
  user('u_svc', 'Acme Service', 'admin@acme.test'),
  user('u_bot', 'Quarry Bot', 'quarry-service@acme.test'),
];

describe('shareableUsers', () => {
  it('leaves out the current user, the creator, people already shared and service accounts', () => {
    const found = shareableUsers(people, { shared: ['u_mike'], currentUid: 'u_rita', creatorUid: 'u_ada', search: '' });
    expect(found.map((u) => u.uid)).toEqual(['u_raj']);
  });

  it('filters by display-name substring, ignoring case, and sorts by name', () => {
    const found = shareableUsers(people, { shared: [], currentUid: 'u_rita', creatorUid: 'u_rita', search: 'MI' });
    expect(found.map((u) => u.display_name)).toEqual(['Ada Admin', 'Mike Miller']);
    const byEmailOnly = shareableUsers(people, { shared: [], currentUid: 'x', creatorUid: 'x', search: 'acme.test' });
    expect(byEmailOnly).toEqual([]);
  });
});
