import {
  createListBodySchema,
  createWorkspaceBodySchema,
  listSchema,
  replaceItemsBodySchema,
  sharedUsersBodySchema,
  updateWorkspaceBodySchema,
  workspaceDetailSchema,
  workspaceIdParamsSchema,
  workspaceItemsBodySchema,
  workspaceSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { WorkspacesService } from './workspaces.service.ts';

const workspaceList = z.object({ workspaces: z.array(workspaceSchema) });
const tags = ['workspaces'];

/** Spec section 7's workspace operations, and creating a list in a workspace (the lists module serves the rest). */
export function registerWorkspacesRoutes(
  app: App,
  { workspaces, signedIn }: { workspaces: WorkspacesService; signedIn: Guard },
) {
  app.route({
    method: 'GET',
    url: '/api/workspaces/owned',
    preHandler: signedIn,
    schema: { tags, response: { 200: workspaceList } },
    handler: async (request) => ({ workspaces: await workspaces.owned(contextOf(request)) }),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/shared',
    preHandler: signedIn,
    schema: { tags, response: { 200: workspaceList } },
    handler: async (request) => ({ workspaces: await workspaces.shared(contextOf(request)) }),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces',
    preHandler: signedIn,
    schema: { tags, body: createWorkspaceBodySchema, response: { 201: workspaceSchema } },
    handler: async (request, reply) => reply.code(201).send(await workspaces.create(contextOf(request), request.body)),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:workspaceId',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, response: { 200: workspaceDetailSchema } },
    handler: (request) => workspaces.detail(contextOf(request), request.params.workspaceId),
  });

  app.route({
    method: 'PATCH',
    url: '/api/workspaces/:workspaceId',
    preHandler: signedIn,
    schema: {
      tags,
      params: workspaceIdParamsSchema,
      body: updateWorkspaceBodySchema,
      response: { 200: workspaceSchema },
    },
    handler: (request) => workspaces.update(contextOf(request), request.params.workspaceId, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:workspaceId',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await workspaces.delete(contextOf(request), request.params.workspaceId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/shared-users',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, body: sharedUsersBodySchema, response: { 200: workspaceSchema } },
    handler: (request) => workspaces.addSharedUsers(contextOf(request), request.params.workspaceId, request.body.uids),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/shared-users/remove',
    preHandler: signedIn,
    schema: {
      tags,
      params: workspaceIdParamsSchema,
      body: sharedUsersBodySchema,
      // A shared user who leaves no longer sees the workspace: the answer is then null.
      response: { 200: z.object({ workspace: workspaceSchema.nullable() }) },
    },
    handler: async (request) => ({
      workspace: await workspaces.removeSharedUsers(contextOf(request), request.params.workspaceId, request.body.uids),
    }),
  });

  app.route({
    method: 'PUT',
    url: '/api/workspaces/:workspaceId/items',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, body: replaceItemsBodySchema, response: { 200: workspaceSchema } },
    handler: (request) => workspaces.replaceItems(contextOf(request), request.params.workspaceId, request.body.items),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/items',
    preHandler: signedIn,
    schema: {
      tags,
      params: workspaceIdParamsSchema,
      body: workspaceItemsBodySchema,
      response: { 200: workspaceSchema },
    },
    handler: (request) => workspaces.addItems(contextOf(request), request.params.workspaceId, request.body.list_ids),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/items/remove',
    preHandler: signedIn,
    schema: {
      tags,
      params: workspaceIdParamsSchema,
      body: workspaceItemsBodySchema,
      response: { 200: workspaceSchema },
    },
    handler: (request) => workspaces.removeItems(contextOf(request), request.params.workspaceId, request.body.list_ids),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/viewed',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, response: { 200: z.object({ viewed_at: z.string() }) } },
    handler: (request) => workspaces.markViewed(contextOf(request), request.params.workspaceId),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:workspaceId/lists',
    preHandler: signedIn,
    schema: { tags, params: workspaceIdParamsSchema, body: createListBodySchema, response: { 201: listSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await workspaces.createList(contextOf(request), request.params.workspaceId, request.body)),
  });
}
