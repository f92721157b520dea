import type { UserDocument } from '@quarry/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store.ts';

const doc = (uid: string, email: string, extra: Partial<UserDocument> = {}): UserDocument => ({
  uid,
  email,
  display_name: email,
  company: 'tnt',
  is_admin: false,
  is_manager: false,
  is_support: false,
  preferences: { ai_email_preferences: { rules: [], example_emails: [] } },
  ...extra,
});
const support = doc('u_support', 'support@quarry.test', { is_support: true });
const rita = doc('u_rita', 'rita@acme.test');
const mike = doc('u_mike', 'mike@acme.test', { is_manager: true });
const impersonation = {
  impersonator_uid: 'u_support',
  impersonator_email: 'support@quarry.test',
  reason: 'ticket',
  started_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T01:00:00.000Z',
};

beforeEach(() => useAuthStore.getState().reset());

describe('auth state during impersonation', () => {
  it('saves the original user data, becomes the target and drops any view-as', () => {
    const s = useAuthStore.getState();
    s.setUser(support, null);
    s.setViewAs({ uid: 'u_raj', display_name: 'Raj', email: 'raj@acme.test' });
    s.beginImpersonation(mike);
    expect(useAuthStore.getState()).toMatchObject({
      user: mike,
      originalUserData: support,
      impersonationActive: true,
      userIsManager: true,
      viewAsUserData: null,
    });
  });

  it('restores the original user data on Stop', () => {
    const s = useAuthStore.getState();
    s.setUser(support, null);
    s.beginImpersonation(mike);
    s.endImpersonation();
    expect(useAuthStore.getState()).toMatchObject({
      user: support,
      originalUserData: null,
      impersonationActive: false,
      userIsManager: false,
    });
  });

  it('follows the server: an impersonation it no longer reports is over', () => {
    const s = useAuthStore.getState();
    s.setUser(support, null);
    s.beginImpersonation(rita);
    s.setUser(rita, impersonation);
    expect(useAuthStore.getState().impersonationActive).toBe(true);
    s.setUser(support, null);
    expect(useAuthStore.getState()).toMatchObject({
      user: support,
      impersonationActive: false,
      originalUserData: null,
    });
  });

  it('sets and clears the view-as user locally', () => {
    const s = useAuthStore.getState();
    s.setUser(rita, null);
    s.setViewAs({ uid: 'u_raj', display_name: 'Raj', email: 'raj@acme.test' });
    expect(useAuthStore.getState().viewAsUserData?.uid).toBe('u_raj');
    s.setViewAs(null);
    expect(useAuthStore.getState().viewAsUserData).toBeNull();
  });
});
