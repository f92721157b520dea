import {
  createSignalSourceBodySchema,
  discoverAllSignalSourcesResultSchema,
  discoverSignalSourcesBodySchema,
  discoverSignalSourcesResultSchema,
  signalSourceListSchema,
  signalSourceParamsSchema,
  signalSourceSchema,
  sweepSignalSourcesResultSchema,
  updateSignalSourceBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard, withRole } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import { requireAdmin, type SignalsService } from './signals.service.ts';

const tags = ['signals'];

/** Signal sources (issue #18), for admins: list, add, pause/resume, delete, discover, sweep now. */
export function registerSignalsRoutes(app: App, { signals, signedIn }: { signals: SignalsService; signedIn: Guard }) {
  const adminOnly = withRole(signedIn, requireAdmin);
  app.route({
    method: 'GET',
    url: '/api/signal-sources',
    preHandler: signedIn,
    schema: { tags, response: { 200: signalSourceListSchema } },
    handler: (request) => signals.list(contextOf(request)),
  });
  app.route({
    method: 'POST',
    url: '/api/signal-sources',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    schema: { tags, body: createSignalSourceBodySchema, response: { 201: signalSourceSchema } },
    handler: async (request, reply) => reply.code(201).send(await signals.create(contextOf(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: '/api/signal-sources/:sourceId',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    schema: {
      tags,
      params: signalSourceParamsSchema,
      body: updateSignalSourceBodySchema,
      response: { 200: signalSourceSchema },
    },
    handler: (request) => signals.setStatus(contextOf(request), request.params.sourceId, request.body.status),
  });
  app.route({
    method: 'DELETE',
    url: '/api/signal-sources/:sourceId',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    schema: { tags, params: signalSourceParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await signals.remove(contextOf(request), request.params.sourceId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    method: 'POST',
    url: '/api/signal-sources/discover',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, body: discoverSignalSourcesBodySchema, response: { 200: discoverSignalSourcesResultSchema } },
    handler: (request) => signals.discover(contextOf(request), request.body.master_account_id),
  });
  app.route({
    method: 'POST',
    url: '/api/signal-sources/discover-all',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, response: { 202: discoverAllSignalSourcesResultSchema } },
    handler: async (request, reply) => reply.code(202).send(await signals.discoverAll(contextOf(request))),
  });
  app.route({
    method: 'POST',
    url: '/api/signal-sources/sweep',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, response: { 202: sweepSignalSourcesResultSchema } },
    handler: async (request, reply) => reply.code(202).send(await signals.sweepNow(contextOf(request))),
  });
}
