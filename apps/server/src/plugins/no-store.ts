import type { FastifyInstance } from 'fastify';

/** The API's own paths: everything under /api, and the analytics relay the browser posts to. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/AnalyticsRelay' ||
    pathname === '/HydraJwtGenerator'
  );
}

/**
 * API answers carry user data (accounts, colleagues, reports), so no browser or proxy may keep
 * them (ASVS 8.2.1): every answer on an API path, errors included, is `Cache-Control: no-store`.
 * The SPA's files keep the caching registerSpa gives them.
 */
export function registerNoStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
