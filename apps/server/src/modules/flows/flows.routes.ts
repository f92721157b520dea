import {
  createFlowBodySchema,
  flowDetailSchema,
  flowIdParamsSchema,
  flowMessageParamsSchema,
  flowMessageSchema,
  flowSummarySchema,
  listFlowsQuerySchema,
  sendFlowBodySchema,
  updateFlowMessageBodySchema,
} from '@quarry/shared';
import { LANGUAGES } from '@quarry/shared/languages';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { FlowsService } from './flows.service.ts';

const tags = ['flows'];

/** Outreach flows (spec sections 1, 3 and 4): start, list, review, retry, send, download. */
export function registerFlowsRoutes(app: App, { flows, signedIn }: { flows: FlowsService; signedIn: Guard }) {
  app.route({
    method: 'GET',
    url: '/api/flows',
    preHandler: signedIn,
    schema: {
      tags,
      querystring: listFlowsQuerySchema,
      response: { 200: z.object({ flows: z.array(flowSummarySchema), hidden_older_count: z.number().int() }) },
    },
    handler: (request) => flows.list(contextOf(request), request.query),
  });
  app.route({
    method: 'POST',
    url: '/api/flows',
    preHandler: signedIn,
    schema: { tags, body: createFlowBodySchema, response: { 201: flowSummarySchema } },
    handler: async (request, reply) => reply.code(201).send(await flows.create(contextOf(request), request.body)),
  });
  app.route({
    method: 'GET',
    url: '/api/flows/:flowId',
    preHandler: signedIn,
    schema: { tags, params: flowIdParamsSchema, response: { 200: flowDetailSchema } },
    handler: (request) => flows.get(contextOf(request), request.params.flowId),
  });
  app.route({
    method: 'DELETE',
    url: '/api/flows/:flowId',
    preHandler: signedIn,
    schema: { tags, params: flowIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await flows.remove(contextOf(request), request.params.flowId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    method: 'PATCH',
    url: '/api/flows/:flowId/messages/:messageId',
    preHandler: signedIn,
    schema: {
      tags,
      params: flowMessageParamsSchema,
      body: updateFlowMessageBodySchema,
      response: { 200: flowMessageSchema },
    },
    handler: (request) =>
      flows.updateMessage(contextOf(request), request.params.flowId, request.params.messageId, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/flows/:flowId/messages/:messageId',
    preHandler: signedIn,
    schema: { tags, params: flowMessageParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await flows.removeMessage(contextOf(request), request.params.flowId, request.params.messageId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    method: 'POST',
    url: '/api/flows/:flowId/messages/:messageId/regenerate',
    preHandler: signedIn,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, params: flowMessageParamsSchema, response: { 200: flowMessageSchema } },
    handler: (request) => flows.regenerate(contextOf(request), request.params.flowId, request.params.messageId),
  });
  app.route({
    method: 'POST',
    url: '/api/flows/:flowId/approve-all',
    preHandler: signedIn,
    schema: { tags, params: flowIdParamsSchema, response: { 200: flowDetailSchema } },
    handler: (request) => flows.approveAll(contextOf(request), request.params.flowId),
  });
  app.route({
    method: 'POST',
    url: '/api/flows/:flowId/retry',
    preHandler: signedIn,
    schema: { tags, params: flowIdParamsSchema, response: { 200: flowSummarySchema } },
    handler: (request) => flows.retry(contextOf(request), request.params.flowId),
  });
  app.route({
    method: 'POST',
    url: '/api/flows/:flowId/send',
    preHandler: signedIn,
    schema: { tags, params: flowIdParamsSchema, body: sendFlowBodySchema, response: { 200: flowSummarySchema } },
    handler: (request) =>
      flows.send(
        contextOf(request),
        request.params.flowId,
        request.body.destination,
        request.body.integration,
        request.body.sequence_id,
        request.body.mailbox_id,
      ),
  });
  app.route({
    method: 'GET',
    url: '/api/flows/:flowId/download',
    preHandler: signedIn,
    schema: {
      tags,
      params: flowIdParamsSchema,
      // The column names' language: the reader's, as the web sends it.
      querystring: z.object({ language: z.enum(LANGUAGES).default('en') }),
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const { filename, csv } = await flows.download(contextOf(request), request.params.flowId, request.query.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  });
}
