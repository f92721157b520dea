import {
  meResponseSchema,
  startImpersonationBodySchema,
  supportUserSchema,
  supportUserSearchQuerySchema,
  userIdParamsSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ImpersonationService } from './impersonation.service.ts';
import type { SupportUsersService } from './support-users.service.ts';

/** Support Tools: only the support account, or a session already impersonating; anyone else gets 403. */
export function registerSupportRoutes(
  app: App,
  deps: {
    supportUsers: SupportUsersService;
    impersonation: ImpersonationService;
    usersService: UsersService;
    supportTools: Guard;
  },
): void {
  const { supportUsers, impersonation, usersService, supportTools } = deps;

  app.route({
    method: 'GET',
    url: '/api/support/users',
    preValidation: supportTools,
    schema: {
      tags: ['support'],
      querystring: supportUserSearchQuerySchema,
      response: { 200: z.object({ users: z.array(supportUserSchema) }) },
    },
    handler: async (request) => ({ users: await supportUsers.search(contextOf(request), request.query.q) }),
  });

  app.route({
    method: 'GET',
    url: '/api/support/users/:uid',
    preValidation: supportTools,
    schema: { tags: ['support'], params: userIdParamsSchema, response: { 200: supportUserSchema } },
    handler: async (request) => {
      const user = await supportUsers.find(contextOf(request), request.params.uid);
      if (!user) throw notFound('User not found');
      return user;
    },
  });

  app.route({
    method: 'POST',
    url: '/api/support/impersonation',
    preValidation: supportTools,
    schema: { tags: ['support'], body: startImpersonationBodySchema, response: { 200: meResponseSchema } },
    handler: async (request) =>
      usersService.meWithConfiguration(await impersonation.start(contextOf(request), request.body)),
  });

  app.route({
    method: 'DELETE',
    url: '/api/support/impersonation',
    preValidation: supportTools,
    schema: { tags: ['support'], response: { 200: meResponseSchema } },
    handler: async (request) => usersService.meWithConfiguration(await impersonation.stop(contextOf(request))),
  });
}
