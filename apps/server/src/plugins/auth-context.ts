import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { isSafeMethod } from '../lib/http-methods.ts';
import { contextFromUser, type RequestContext } from '../lib/request-context.ts';
import { toWebHeaders } from '../lib/web-headers.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { ImpersonationService } from '../modules/support/impersonation.service.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  // Module augmentation needs an interface.
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (a query with a body): not audited as a write while impersonating. */
    readOnly?: boolean;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Resolves the session cookie to a tenant-scoped context; the tenant never comes from the request.
 * A support session with an open impersonation resolves to the impersonated user.
 */
export function createGuards({
  auth,
  users,
  supportEmail,
  impersonation,
}: {
  auth: Auth;
  users: UsersRepository;
  supportEmail: string;
  impersonation: Pick<ImpersonationService, 'resolve' | 'recordWrite'>;
}) {
  async function resolveContext(request: FastifyRequest): Promise<RequestContext> {
    const session = await auth.api.getSession({ headers: toWebHeaders(request) });
    if (!session) throw unauthorized();
    const user = await users.findByUidForSession(session.user.id);
    if (!user) throw unauthorized();
    const ctx = await impersonation.resolve(contextFromUser(user, supportEmail, session.session.id));
    request.ctx = ctx;
    return ctx;
  }

  /** Any signed-in user; a write made while impersonating is written to the audit log before it runs. */
  const signedIn: Guard = async (request) => {
    const ctx = await resolveContext(request);
    if (ctx.impersonator && !isSafeMethod(request.method) && !request.routeOptions.config.readOnly) {
      await impersonation.recordWrite(ctx, {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        params: request.params ?? {},
      });
    }
  };

  const managerOrAdmin: Guard = async (request, reply) => {
    await signedIn(request, reply);
    if (!request.ctx?.isAdmin && !request.ctx?.isManager) throw forbidden();
  };

  /** Support Tools: the support account, or a session already impersonating (spec section 6). */
  const supportTools: Guard = async (request) => {
    const ctx = await resolveContext(request);
    if (!ctx.isSupport && !ctx.impersonator) throw forbidden();
  };

  return { signedIn, managerOrAdmin, supportTools };
}

/**
 * A guard that checks the caller's role before the request's body is validated: someone without
 * the role learns nothing of the fields (403, not a 400 naming them). `check` throws the refusal;
 * the service checks again, as ever.
 */
export function withRole(signedIn: Guard, check: (ctx: RequestContext) => void): Guard {
  return async (request, reply) => {
    await signedIn(request, reply);
    check(contextOf(request));
  };
}

/** The context a guarded handler runs with; the guard has already refused anyone without one. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
