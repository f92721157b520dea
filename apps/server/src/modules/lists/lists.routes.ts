import {
  listIdParamsSchema,
  listMembersBodySchema,
  listMembersPageSchema,
  listMembersQuerySchema,
  listSchema,
  renameListBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { ListsService } from './lists.service.ts';

const tags = ['lists'];

/** Spec section 7's list operations: the caller's lists, one list, its name and its members. */
export function registerListsRoutes(app: App, { lists, signedIn }: { lists: ListsService; signedIn: Guard }) {
  app.route({
    method: 'GET',
    url: '/api/lists',
    preHandler: signedIn,
    schema: {
      tags,
      querystring: z.strictObject({ type: z.enum(['accounts', 'contacts']).optional() }),
      response: { 200: z.object({ lists: z.array(listSchema) }) },
    },
    handler: async (request) => ({ lists: await lists.myLists(contextOf(request), request.query.type) }),
  });

  app.route({
    method: 'GET',
    url: '/api/lists/:listId',
    preHandler: signedIn,
    schema: { tags, params: listIdParamsSchema, response: { 200: listSchema } },
    handler: (request) => lists.getList(contextOf(request), request.params.listId),
  });

  app.route({
    method: 'PATCH',
    url: '/api/lists/:listId',
    preHandler: signedIn,
    schema: { tags, params: listIdParamsSchema, body: renameListBodySchema, response: { 200: listSchema } },
    handler: (request) => lists.renameList(contextOf(request), request.params.listId, request.body.name),
  });

  app.route({
    method: 'DELETE',
    url: '/api/lists/:listId',
    preHandler: signedIn,
    schema: { tags, params: listIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await lists.deleteList(contextOf(request), request.params.listId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/lists/:listId/members',
    preHandler: signedIn,
    schema: {
      tags,
      params: listIdParamsSchema,
      querystring: listMembersQuerySchema,
      response: { 200: listMembersPageSchema },
    },
    handler: (request) => lists.members(contextOf(request), request.params.listId, request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/lists/:listId/members',
    preHandler: signedIn,
    schema: {
      tags,
      params: listIdParamsSchema,
      body: listMembersBodySchema,
      response: { 200: z.object({ added: z.number(), unknown: z.array(z.string()) }) },
    },
    handler: (request) => lists.addMembers(contextOf(request), request.params.listId, request.body.ids),
  });

  app.route({
    method: 'POST',
    url: '/api/lists/:listId/members/remove',
    preHandler: signedIn,
    schema: {
      tags,
      params: listIdParamsSchema,
      body: listMembersBodySchema,
      response: { 200: z.object({ removed: z.number() }) },
    },
    handler: (request) => lists.removeMembers(contextOf(request), request.params.listId, request.body.ids),
  });
}
