import type { AnalyticsUserProperties, Impersonation, UserDocument } from '@quarry/shared';

type Who = {
  user: UserDocument | null;
  impersonationActive: boolean;
  originalUserData: UserDocument | null;
  /** What the server reported, for a tab that did not start the impersonation itself. */
  impersonation: Impersonation | null | undefined;
};

/**
 * Spec section 3: user properties carry email, user id and tenant id; while impersonating they also
 * carry the impersonated tenant, user and email, and the impersonating account's email and uid.
 */
export function analyticsUserProperties({
  user,
  impersonationActive,
  originalUserData,
  impersonation,
}: Who): AnalyticsUserProperties | null {
  if (!user) return null;
  const base = { email: user.email, user_id: user.uid, tenant_id: user.company };
  if (!impersonationActive) return base;
  const impersonator = originalUserData
    ? { email: originalUserData.email, uid: originalUserData.uid }
    : impersonation
      ? { email: impersonation.impersonator_email, uid: impersonation.impersonator_uid }
      : null;
  if (!impersonator) return base;
  return {
    ...base,
    impersonated_tenant_id: user.company,
    impersonated_user_id: user.uid,
    impersonated_email: user.email,
    impersonator_email: impersonator.email,
    impersonator_uid: impersonator.uid,
  };
}
