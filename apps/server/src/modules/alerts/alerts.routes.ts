import { globalAlertSchema } from '@quarry/shared';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { Guard } from '../../plugins/auth-context.ts';

/** The spec supplies no alert source, so the lookup answers none until alerts can be published. */
export function registerAlertsRoutes(app: App, { signedIn }: { signedIn: Guard }): void {
  app.route({
    method: 'GET',
    url: '/api/alerts',
    preHandler: signedIn,
    schema: { tags: ['alerts'], response: { 200: z.object({ alerts: z.array(globalAlertSchema) }) } },
    handler: async () => ({ alerts: [] }),
  });
}
