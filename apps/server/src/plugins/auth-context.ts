import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { RequestContext } from '../lib/request-context.ts';
import { toWebHeaders } from '../lib/web-headers.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  // Module augmentation needs an interface.
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function contextFromUser(user: Selectable<UsersTable>, supportEmail: string, sessionId: string): RequestContext {
  return {
    uid: user.uid,
    tenantId: user.company,
    email: user.email,
    isAdmin: user.is_admin === 1,
    isManager: user.is_manager === 1,
    isSupport: user.email === supportEmail,
    sessionId,
  };
}

/** Resolves the session cookie to a tenant-scoped context; the tenant never comes from the request. */
export function createGuards({
  auth,
  users,
  supportEmail,
}: {
  auth: Auth;
  users: UsersRepository;
  supportEmail: string;
}) {
  const signedIn: Guard = async (request) => {
    const session = await auth.api.getSession({ headers: toWebHeaders(request) });
    if (!session) throw unauthorized();
    const user = await users.findByUidForSession(session.user.id);
    if (!user) throw unauthorized();
    request.ctx = contextFromUser(user, supportEmail, session.session.id);
  };

  const managerOrAdmin: Guard = async (request, reply) => {
    await signedIn(request, reply);
    if (!request.ctx?.isAdmin && !request.ctx?.isManager) throw forbidden();
  };

  return { signedIn, managerOrAdmin };
}

/** The context a guarded handler runs with; the guard has already refused anyone without one. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
