import {
  meResponseSchema,
  updateOwnFieldBodySchema,
  userDocumentSchema,
  userSummarySchema,
  usersByIdsBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { UsersService } from './users.service.ts';

/** `pickable=true` lists only people one may pick (no service account). */
const companyUsersQuerySchema = z.strictObject({ pickable: z.enum(['true', 'false']).optional() });

export function registerUsersRoutes(app: App, { users, signedIn }: { users: UsersService; signedIn: Guard }): void {
  app.route({
    method: 'GET',
    url: '/api/me',
    preHandler: signedIn,
    schema: { tags: ['users'], response: { 200: meResponseSchema } },
    handler: (request) => users.meWithConfiguration(contextOf(request)),
  });

  app.route({
    method: 'PATCH',
    url: '/api/me',
    preHandler: signedIn,
    schema: { tags: ['users'], body: updateOwnFieldBodySchema, response: { 200: userDocumentSchema } },
    handler: (request) => users.updateOwnField(contextOf(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/users',
    preHandler: signedIn,
    schema: {
      tags: ['users'],
      querystring: companyUsersQuerySchema,
      response: { 200: z.object({ users: z.array(userSummarySchema) }) },
    },
    handler: async (request) => ({
      users: await users.companyUsers(contextOf(request), { pickableOnly: request.query.pickable === 'true' }),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/users/by-ids',
    preHandler: signedIn,
    schema: {
      tags: ['users'],
      body: usersByIdsBodySchema,
      response: { 200: z.object({ users: z.array(userSummarySchema) }) },
    },
    handler: async (request) => ({ users: await users.usersByIds(contextOf(request), request.body.uids) }),
  });
}
