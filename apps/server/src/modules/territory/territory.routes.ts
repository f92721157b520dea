import { territoryChangeBodySchema, territoryPageSchema, territoryQuerySchema } from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { TerritoryService } from './territory.service.ts';

export function registerTerritoryRoutes(
  app: App,
  { territory, signedIn }: { territory: TerritoryService; signedIn: Guard },
) {
  app.route({
    method: 'GET',
    url: '/api/territory',
    preHandler: signedIn,
    schema: { tags: ['territory'], querystring: territoryQuerySchema, response: { 200: territoryPageSchema } },
    handler: (request) => territory.page(contextOf(request), request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/territory',
    preHandler: signedIn,
    schema: {
      tags: ['territory'],
      body: territoryChangeBodySchema,
      response: { 200: z.object({ added: z.number(), unknown: z.array(z.string()) }) },
    },
    handler: (request) => territory.add(contextOf(request), request.body.master_account_ids),
  });

  app.route({
    method: 'DELETE',
    url: '/api/territory',
    preHandler: signedIn,
    schema: {
      tags: ['territory'],
      body: territoryChangeBodySchema,
      response: { 200: z.object({ removed: z.number() }) },
    },
    handler: (request) => territory.remove(contextOf(request), request.body.master_account_ids),
  });
}
