import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';
import { isSupportEmail } from './service-account.ts';

/** The support account acting as another user: who they really are and the impersonation they opened. */
export type Impersonator = {
  uid: string;
  email: string;
  impersonationId: string;
  reason: string;
  startedAt: string;
  expiresAt: string;
};

/**
 * Who is asking: resolved from the session on every request, never from the request body.
 * While the support account impersonates, uid, tenantId, email and roles are the target user's
 * and impersonator says who is really there.
 */
export type RequestContext = {
  uid: string;
  tenantId: string;
  email: string;
  isAdmin: boolean;
  isManager: boolean;
  isSupport: boolean;
  sessionId: string;
  impersonator: Impersonator | null;
};

/** The context of a signed-in user, before any impersonation is resolved. */
export function contextFromUser(user: Selectable<UsersTable>, supportEmail: string, sessionId: string): RequestContext {
  return {
    uid: user.uid,
    tenantId: user.company,
    email: user.email,
    isAdmin: user.is_admin === 1,
    isManager: user.is_manager === 1,
    isSupport: isSupportEmail(user.email, supportEmail),
    sessionId,
    impersonator: null,
  };
}
