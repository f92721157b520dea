import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import { isSafeMethod } from '../lib/http-methods.ts';

/** Where `npm run dev` serves the web app (Vite), proxying the API. */
const DEV_WEB_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/**
 * The origins the app's pages are served from: the public URL with 127.0.0.1 and localhost for
 * each other, and in development the Vite dev server's.
 */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'env'>): string[] {
  const origin = new URL(config.publicUrl).origin;
  const same = [origin, origin.replace('127.0.0.1', 'localhost'), origin.replace('localhost', '127.0.0.1')];
  return [...new Set(config.env === 'development' ? [...same, ...DEV_WEB_ORIGINS] : same)];
}

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that do not come from the app's own pages (ASVS 3.5): the
 * Origin header, or without one the Referer, must be one of `origins`. A request carrying only a
 * bearer token and no cookie is exempt: a page on another site cannot attach that token, so it
 * cannot be forged cross-site (the analytics relay and scripts use it).
 */
export function registerOriginCheck(app: FastifyInstance, origins: string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method)) return;
    const bearerOnly = /^bearer /i.test(request.headers.authorization ?? '') && !request.headers.cookie;
    if (bearerOnly) return;
    const origin = originOf(request);
    if (origin && allowed.has(origin)) return;
    throw new HttpError(
      403,
      'cross_site_request',
      'This request did not come from a Quarry page: open Quarry and try again',
    );
  });
}
