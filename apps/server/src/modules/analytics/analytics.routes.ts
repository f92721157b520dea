import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_BATCH_MAX_EVENTS,
  analyticsBatchSchema,
  analyticsRelayResponseSchema,
} from '@quarry/shared';
import { HttpError } from '../../lib/http-error.ts';
import type { App } from '../../server-types.ts';
import type { AnalyticsService } from './analytics.service.ts';
import type { IdentityClaims } from './identity-token.ts';

export function registerAnalyticsRoutes(
  app: App,
  {
    analytics,
    verifyToken,
  }: { analytics: AnalyticsService; verifyToken: (h: string | undefined) => Promise<IdentityClaims> },
): void {
  // Keeps the spec's cloud-function path; the bearer is the identity token, not the session cookie.
  app.route({
    method: 'POST',
    url: '/AnalyticsRelay',
    bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
    schema: {
      tags: ['analytics'],
      body: analyticsBatchSchema,
      response: { 200: analyticsRelayResponseSchema },
    },
    // After the rate limit (an onRequest hook of every route), so a flood of bad tokens is cut off
    // before any of them is verified.
    preValidation: async (request) => {
      request.identity = await verifyToken(request.headers.authorization);
      const events = (request.body as { events?: unknown } | undefined)?.events;
      if (Array.isArray(events) && events.length > ANALYTICS_BATCH_MAX_EVENTS) {
        throw new HttpError(413, 'payload_too_large', `events: at most ${ANALYTICS_BATCH_MAX_EVENTS} events per batch`);
      }
    },
    handler: (request) => {
      if (!request.identity) throw new HttpError(401, 'unauthorized', 'Please sign in');
      return analytics.ingest(request.identity, request.body.events);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: IdentityClaims;
  }
}
