import { contextFromUser } from '../../lib/request-context.ts';
import type { ImpersonationService } from '../support/impersonation.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';

/**
 * Who a sign-in's identity token (the analytics relay's bearer) speaks for: the user, or while
 * impersonating the impersonated user, naming the support account. The token carries the
 * session it belongs to, so the relay refuses it once that session or impersonation has ended.
 */
export function createTokenIdentity({
  users,
  impersonation,
  supportEmail,
}: {
  users: UsersRepository;
  impersonation: ImpersonationService;
  supportEmail: string;
}) {
  return async (uid: string, sessionId: string): Promise<{ subject: string; claims: Record<string, unknown> }> => {
    const user = await users.findByUidForSession(uid);
    if (!user) return { subject: uid, claims: {} };
    const ctx = await impersonation.resolve(contextFromUser(user, supportEmail, sessionId));
    const by = ctx.impersonator;
    return {
      subject: ctx.uid,
      claims: {
        tenant_id: ctx.tenantId,
        email: ctx.email,
        sid: sessionId,
        ...(by ? { impersonator_uid: by.uid, impersonator_email: by.email, imp: by.impersonationId } : {}),
      },
    };
  };
}
