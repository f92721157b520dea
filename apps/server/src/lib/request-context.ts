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
