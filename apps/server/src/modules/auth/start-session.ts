import type { LoginBody, MeResponse } from '@quarry/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contextFromUser } from '../../lib/request-context.ts';
import { forwardSetCookies, toWebHeaders } from '../../lib/web-headers.ts';
import type { UsersService } from '../users/users.service.ts';
import type { createLoginService } from './login.service.ts';

/** Signs in with an email and password and answers what /api/me would: the login form and an accepted invitation both end here. */
export type StartSession = (request: FastifyRequest, reply: FastifyReply, body: LoginBody) => Promise<MeResponse>;

export function createStartSession(deps: {
  login: ReturnType<typeof createLoginService>;
  usersService: UsersService;
  supportEmail: string;
}): StartSession {
  return async (request, reply, body) => {
    const result = await deps.login.signIn(body, request.ip, toWebHeaders(request));
    forwardSetCookies(result.headers, reply);
    return deps.usersService.meWithConfiguration(contextFromUser(result.user, deps.supportEmail, ''));
  };
}
