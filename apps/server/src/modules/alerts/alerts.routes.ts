import { alertBodySchema, globalAlertSchema, managedAlertSchema } from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard, withRole } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import { type AlertsService, requireSupport } from './alerts.service.ts';

const idParams = z.object({ alertId: z.string().min(1).max(64) });

/** The banner's lookup, and the support account's alert management. */
export function registerAlertsRoutes(app: App, { alerts, signedIn }: { alerts: AlertsService; signedIn: Guard }): void {
  const supportOnly = withRole(signedIn, requireSupport);
  app.route({
    method: 'GET',
    url: '/api/alerts',
    preHandler: signedIn,
    schema: { tags: ['alerts'], response: { 200: z.object({ alerts: z.array(globalAlertSchema) }) } },
    handler: async (request) => ({ alerts: await alerts.active(contextOf(request)) }),
  });

  app.route({
    method: 'GET',
    url: '/api/support/alerts',
    preHandler: signedIn,
    schema: {
      tags: ['alerts'],
      response: {
        200: z.object({
          alerts: z.array(managedAlertSchema),
          tenants: z.array(z.object({ id: z.string(), name: z.string() })),
        }),
      },
    },
    handler: (request) => alerts.manage(contextOf(request)),
  });

  app.route({
    method: 'POST',
    url: '/api/support/alerts',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: supportOnly,
    schema: { tags: ['alerts'], body: alertBodySchema, response: { 201: managedAlertSchema } },
    handler: async (request, reply) => reply.code(201).send(await alerts.create(contextOf(request), request.body)),
  });

  app.route({
    method: 'PUT',
    url: '/api/support/alerts/:alertId',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: supportOnly,
    schema: { tags: ['alerts'], params: idParams, body: alertBodySchema, response: { 200: managedAlertSchema } },
    handler: (request) => alerts.update(contextOf(request), request.params.alertId, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/api/support/alerts/:alertId',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: supportOnly,
    schema: { tags: ['alerts'], params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await alerts.remove(contextOf(request), request.params.alertId);
      return reply.code(204).send(null);
    },
  });
}
