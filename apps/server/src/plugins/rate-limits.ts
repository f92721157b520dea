import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isSafeMethod } from '../lib/http-methods.ts';
import { isApiPath } from './no-store.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * What a route costs, as Infisical names its presets: `read` and `write` by method unless a
 * route says otherwise, `expensive` for searches and reports, `auth` for sign-in flows; `files`
 * for the web app's own files (its pages and scripts), which a cold load fetches by the dozen.
 */
export type RateLimitPreset = 'auth' | 'read' | 'write' | 'expensive' | 'files';

/** Requests a minute per caller, per preset. */
export type RateLimits = Record<RateLimitPreset, number>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which preset limits this route; by default `read` for GET, HEAD and read-only POSTs, `write` otherwise. */
    rateLimitPreset?: RateLimitPreset;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/;

export function presetOf(request: FastifyRequest): RateLimitPreset {
  // The app's files had counted as API reads: a reader moving quickly on a cold cache (a new
  // release) was refused scripts, and a page never drew.
  if (!isApiPath(request.url)) return 'files';
  const config = request.routeOptions.config;
  if (config?.rateLimitPreset) return config.rateLimitPreset;
  // A POST that only reads (a query with a body) counts as a read.
  return isSafeMethod(request.method) || config?.readOnly ? 'read' : 'write';
}

const digest = (secret: string) => crypto.createHash('sha256').update(secret).digest('base64url').slice(0, 22);

/**
 * Whose bucket a request counts against: the signed-in session (its cookie, or the bearer token
 * of the analytics relay) when there is one, so colleagues behind one office address never share
 * a bucket; the client address otherwise (behind a proxy, as TRUST_PROXY lets Fastify read it).
 */
export function callerKey(request: FastifyRequest): string {
  const session = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (session) return `session:${digest(session)}`;
  const bearer = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return `token:${digest(bearer)}`;
  return `address:${request.ip}`;
}

/**
 * Every route is limited: one store, keyed by preset and caller, a minute's window. A route
 * with its own `config.rateLimit` (sign-in, password reset, invitations) keeps its own rule.
 * With `shared` (PostgreSQL, where several server processes may serve one database) the counts
 * live in the database, so every process sees the same budget; otherwise in this process's memory.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  { shared }: { shared?: Kysely<Database> } = {},
): Promise<void> {
  const store = shared ? databaseRateLimitStore(shared) : null;
  if (store) {
    const timer = setInterval(
      () => void store.sweep().catch((error) => app.log.warn({ err: error }, 'ended rate-limit windows not deleted')),
      store.sweepEveryMs,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(rateLimit, {
    ...(store ? { store: store.Store } : {}),
    global: true,
    timeWindow: 60_000,
    max: (request) => limits[presetOf(request)],
    keyGenerator: (request) => `${presetOf(request)}:${callerKey(request)}`,
    // The plugin throws what this builds, so it must be an error the error handler knows.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', `Too many requests, please try again in ${context.after}`),
  });
}
