import { aiEmailPreferencesSchema, emailPreferenceScopeParamsSchema, emailPreferencesSchema } from '@quarry/shared';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { EmailPreferencesService } from './email-preferences.service.ts';

const tags = ['email preferences'];

export function registerEmailPreferencesRoutes(
  app: App,
  { emailPreferences, signedIn }: { emailPreferences: EmailPreferencesService; signedIn: Guard },
) {
  app.route({
    method: 'GET',
    url: '/api/email-preferences',
    preHandler: signedIn,
    schema: { tags, response: { 200: emailPreferencesSchema } },
    handler: (request) => emailPreferences.get(contextOf(request)),
  });
  app.route({
    method: 'PUT',
    url: '/api/email-preferences/:scope',
    preHandler: signedIn,
    schema: {
      tags,
      params: emailPreferenceScopeParamsSchema,
      body: aiEmailPreferencesSchema,
      response: { 200: emailPreferencesSchema },
    },
    handler: (request) => emailPreferences.put(contextOf(request), request.params.scope, request.body),
  });
}
