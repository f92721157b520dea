import type { UserDocument } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { analyticsUserProperties } from './analytics-user-properties.ts';

const doc = (uid: string, email: string, company: string): UserDocument => ({
  uid,
  email,
  display_name: email,
  company,
  is_admin: false,
  is_manager: false,
  is_support: false,
  preferences: { ai_email_preferences: { rules: [], example_emails: [] } },
});
const rita = doc('u_rita', 'rita@acme.test', 'tnt_acme');
const support = doc('u_support', 'support@quarry.test', 'tnt_quarry');

describe('analyticsUserProperties', () => {
  it('carries email, user id and tenant id of the signed-in user', () => {
    expect(
      analyticsUserProperties({ user: rita, impersonationActive: false, originalUserData: null, impersonation: null }),
    ).toEqual({ email: 'rita@acme.test', user_id: 'u_rita', tenant_id: 'tnt_acme' });
  });

  it('while impersonating, adds the impersonated tenant, user and email and the support account', () => {
    expect(
      analyticsUserProperties({
        user: rita,
        impersonationActive: true,
        originalUserData: support,
        impersonation: null,
      }),
    ).toEqual({
      email: 'rita@acme.test',
      user_id: 'u_rita',
      tenant_id: 'tnt_acme',
      impersonated_tenant_id: 'tnt_acme',
      impersonated_user_id: 'u_rita',
      impersonated_email: 'rita@acme.test',
      impersonator_email: 'support@quarry.test',
      impersonator_uid: 'u_support',
    });
  });

  it('names the support account from the server when this tab did not start the impersonation', () => {
    const props = analyticsUserProperties({
      user: rita,
      impersonationActive: true,
      originalUserData: null,
      impersonation: {
        impersonator_uid: 'u_support',
        impersonator_email: 'support@quarry.test',
        reason: 'ticket',
        started_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2026-01-01T01:00:00.000Z',
      },
    });
    expect(props).toMatchObject({ impersonator_uid: 'u_support', impersonated_user_id: 'u_rita' });
  });

  it('answers nothing while signed out', () => {
    expect(
      analyticsUserProperties({ user: null, impersonationActive: false, originalUserData: null, impersonation: null }),
    ).toBeNull();
  });
});
