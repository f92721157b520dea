import {
  accountIdsQueryBodySchema,
  accountIdsResponseSchema,
  accountsQueryBodySchema,
  colleagueTerritoryQueryBodySchema,
  createSavedFilterBodySchema,
  filterIdParamsSchema,
  filterValuesParamsSchema,
  filterValuesSchema,
  savedFilterSchema,
  territoryPageSchema,
  updateSavedFilterBodySchema,
  userIdParamsSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { FiltersService } from './filters.service.ts';

export function registerFiltersRoutes(app: App, { filters, signedIn }: { filters: FiltersService; signedIn: Guard }) {
  app.route({
    method: 'GET',
    url: '/api/filters',
    preHandler: signedIn,
    schema: { tags: ['filters'], response: { 200: z.object({ filters: z.array(savedFilterSchema) }) } },
    handler: async (request) => ({ filters: await filters.list(contextOf(request)) }),
  });

  app.route({
    method: 'GET',
    url: '/api/filters/values/:field',
    preHandler: signedIn,
    schema: { tags: ['filters'], params: filterValuesParamsSchema, response: { 200: filterValuesSchema } },
    handler: (request) => filters.values(request.params.field),
  });

  app.route({
    method: 'GET',
    url: '/api/filters/:filterId',
    preHandler: signedIn,
    schema: { tags: ['filters'], params: filterIdParamsSchema, response: { 200: savedFilterSchema } },
    handler: (request) => filters.get(contextOf(request), request.params.filterId),
  });

  app.route({
    method: 'POST',
    url: '/api/filters',
    preHandler: signedIn,
    schema: { tags: ['filters'], body: createSavedFilterBodySchema, response: { 201: savedFilterSchema } },
    handler: async (request, reply) => reply.code(201).send(await filters.create(contextOf(request), request.body)),
  });

  app.route({
    method: 'PATCH',
    url: '/api/filters/:filterId',
    preHandler: signedIn,
    schema: {
      tags: ['filters'],
      params: filterIdParamsSchema,
      body: updateSavedFilterBodySchema,
      response: { 200: savedFilterSchema },
    },
    handler: (request) => filters.update(contextOf(request), request.params.filterId, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/api/filters/:filterId',
    preHandler: signedIn,
    schema: { tags: ['filters'], params: filterIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await filters.remove(contextOf(request), request.params.filterId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/accounts/query',
    config: { readOnly: true },
    preHandler: signedIn,
    schema: { tags: ['accounts'], body: accountsQueryBodySchema, response: { 200: territoryPageSchema } },
    handler: (request) => filters.queryAccounts(contextOf(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/accounts/query/ids',
    config: { readOnly: true },
    preHandler: signedIn,
    schema: { tags: ['accounts'], body: accountIdsQueryBodySchema, response: { 200: accountIdsResponseSchema } },
    handler: (request) => filters.matchingAccountIds(contextOf(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/users/:uid/territory/query',
    config: { readOnly: true },
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: userIdParamsSchema,
      body: colleagueTerritoryQueryBodySchema,
      response: { 200: territoryPageSchema },
    },
    handler: (request) => filters.queryColleagueTerritory(contextOf(request), request.params.uid, request.body),
  });
}
