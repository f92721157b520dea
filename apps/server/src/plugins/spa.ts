import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './no-store.ts';

/**
 * Serves the built SPA: hashed assets cached for good, and index.html for the paths its router
 * answers. A path under /api or /assets, or one naming a file (an extension), that matched no
 * route or file is not a page: it answers 404 rather than the app shell, so a missing script or
 * image fails plainly instead of arriving as HTML. Without a build (API tests), nothing is served.
 */
export function registerSpa(app: FastifyInstance, webDist: string | undefined): void {
  const root = path.resolve(webDist ?? path.join(import.meta.dirname, '../../../web/dist'));
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  // A catch-all route rather than a second not-found handler, which Fastify refuses (errors.ts sets one).
  // It answers GET and, through Fastify's HEAD route for it, HEAD.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (!isPagePath(request.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(html);
  });
}

/** Whether the SPA's router answers `url`: not the API, not an asset, not a file name. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (isApiPath(pathname)) return false;
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  return !path.posix.extname(pathname);
}
