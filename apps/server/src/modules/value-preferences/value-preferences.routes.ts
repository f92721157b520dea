import {
  preferenceIdParamsSchema,
  qualificationSignalBodySchema,
  storedQualificationSignalSchema,
  storedTriggerSchema,
  storedValueHypothesisSchema,
  targetTitlesBodySchema,
  triggerBodySchema,
  updateQualificationSignalBodySchema,
  updateTriggerBodySchema,
  updateValueHypothesisBodySchema,
  valueHypothesisBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard, withRole } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import { requireEditor, type ValuePreferencesService } from './value-preferences.service.ts';

const tags = ['value preferences'];
const titlesSchema = z.object({ titles: z.array(z.string()) });

export function registerValuePreferencesRoutes(
  app: App,
  { preferences, signedIn }: { preferences: ValuePreferencesService; signedIn: Guard },
) {
  const editor = withRole(signedIn, requireEditor);
  app.route({
    method: 'GET',
    url: '/api/value-hypotheses',
    preHandler: signedIn,
    schema: { tags, response: { 200: z.object({ hypotheses: z.array(storedValueHypothesisSchema) }) } },
    handler: async (request) => ({ hypotheses: await preferences.listHypotheses(contextOf(request)) }),
  });
  app.route({
    method: 'GET',
    url: '/api/value-hypotheses/:id',
    preHandler: signedIn,
    schema: { tags, params: preferenceIdParamsSchema, response: { 200: storedValueHypothesisSchema } },
    handler: (request) => preferences.getHypothesis(contextOf(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: '/api/value-hypotheses',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, body: valueHypothesisBodySchema, response: { 201: storedValueHypothesisSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await preferences.createHypothesis(contextOf(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: '/api/value-hypotheses/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: {
      tags,
      params: preferenceIdParamsSchema,
      body: updateValueHypothesisBodySchema,
      response: { 200: storedValueHypothesisSchema },
    },
    handler: (request) => preferences.updateHypothesis(contextOf(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/value-hypotheses/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, params: preferenceIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await preferences.removeHypothesis(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/triggers',
    preHandler: signedIn,
    schema: { tags, response: { 200: z.object({ triggers: z.array(storedTriggerSchema) }) } },
    handler: async (request) => ({ triggers: await preferences.listTriggers(contextOf(request)) }),
  });
  app.route({
    method: 'GET',
    url: '/api/triggers/:id',
    preHandler: signedIn,
    schema: { tags, params: preferenceIdParamsSchema, response: { 200: storedTriggerSchema } },
    handler: (request) => preferences.getTrigger(contextOf(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: '/api/triggers',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, body: triggerBodySchema, response: { 201: storedTriggerSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await preferences.createTrigger(contextOf(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: '/api/triggers/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: {
      tags,
      params: preferenceIdParamsSchema,
      body: updateTriggerBodySchema,
      response: { 200: storedTriggerSchema },
    },
    handler: (request) => preferences.updateTrigger(contextOf(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/triggers/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, params: preferenceIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await preferences.removeTrigger(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/qualification-signals',
    preHandler: signedIn,
    schema: { tags, response: { 200: z.object({ signals: z.array(storedQualificationSignalSchema) }) } },
    handler: async (request) => ({ signals: await preferences.listSignals(contextOf(request)) }),
  });
  app.route({
    method: 'POST',
    url: '/api/qualification-signals',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, body: qualificationSignalBodySchema, response: { 201: storedQualificationSignalSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await preferences.createSignal(contextOf(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: '/api/qualification-signals/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: {
      tags,
      params: preferenceIdParamsSchema,
      body: updateQualificationSignalBodySchema,
      response: { 200: storedQualificationSignalSchema },
    },
    handler: (request) => preferences.updateSignal(contextOf(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/qualification-signals/:id',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, params: preferenceIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await preferences.removeSignal(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/target-titles',
    preHandler: signedIn,
    schema: { tags, response: { 200: titlesSchema } },
    handler: (request) => preferences.listTitles(contextOf(request)),
  });
  app.route({
    method: 'PUT',
    url: '/api/target-titles',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: editor,
    schema: { tags, body: targetTitlesBodySchema, response: { 200: titlesSchema } },
    handler: (request) => preferences.replaceTitles(contextOf(request), request.body.titles),
  });
}
