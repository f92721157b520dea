import {
  forgotPasswordBodySchema,
  identityTokenSchema,
  LOGIN_MESSAGES,
  loginBodySchema,
  meResponseSchema,
  resetLinkCheckBodySchema,
  resetLinkCheckResponseSchema,
  resetPasswordBodySchema,
} from '@quarry/shared';
import { APIError } from 'better-auth/api';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { forwardSetCookies, toWebHeaders } from '../../lib/web-headers.ts';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { Auth } from './auth.ts';
import type { StartSession } from './start-session.ts';

const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export function registerAuthRoutes(
  app: App,
  deps: {
    auth: Auth;
    startSession: StartSession;
    signedIn: Guard;
    loginIpLimitPerMinute: number;
    /** Signing out ends the session's impersonation, if any. */
    endImpersonation: (sessionId: string) => Promise<void>;
    /** Told once a session is signed out (its identity tokens end with it). */
    onSignedOut?: (sessionId: string) => void;
  },
): void {
  const { auth, startSession, signedIn } = deps;

  app.route({
    method: 'POST',
    url: '/api/session/login',
    config: {
      rateLimitPreset: 'auth',
      rateLimit: {
        max: deps.loginIpLimitPerMinute,
        timeWindow: 60_000,
        // Per address and email, counted once the body is read: a guesser is slowed down, while
        // colleagues signing in from one office address never refuse each other.
        hook: 'preValidation',
        keyGenerator: (request) =>
          `login:${request.ip}:${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
        // The plugin throws what this builds, so it must be an error the error handler knows.
        errorResponseBuilder: () => new HttpError(429, 'too_many_requests', LOGIN_MESSAGES.locked),
      },
    },
    schema: { tags: ['session'], body: loginBodySchema, response: { 200: meResponseSchema } },
    handler: (request, reply) => startSession(request, reply, request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/session/logout',
    schema: { tags: ['session'], response: { 200: okSchema } },
    handler: async (request, reply) => {
      try {
        const session = await auth.api.getSession({ headers: toWebHeaders(request) });
        if (session) await deps.endImpersonation(session.session.id);
        const result = await auth.api.signOut({ headers: toWebHeaders(request), returnHeaders: true });
        if (session) deps.onSignedOut?.(session.session.id);
        forwardSetCookies(result.headers, reply);
      } catch (error) {
        // Signing out without a session is already the wanted state.
        if (!(error instanceof APIError)) throw error;
      }
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/session/forgot-password',
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    schema: { tags: ['session'], body: forgotPasswordBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await auth.api.requestPasswordReset({
        body: { email: request.body.email.toLowerCase(), redirectTo: '/reset-password' },
        headers: toWebHeaders(request),
      });
      // The same answer whether or not the address exists.
      return { ok: true as const, message: LOGIN_MESSAGES.resetSent };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/session/reset-password',
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    schema: { tags: ['session'], body: resetPasswordBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      try {
        await auth.api.resetPassword({
          body: { token: request.body.token, newPassword: request.body.password },
          headers: toWebHeaders(request),
        });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400) {
          throw new HttpError(400, 'invalid_token', 'This reset link is invalid or has expired');
        }
        throw error;
      }
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/session/reset-password/check',
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { tags: ['session'], body: resetLinkCheckBodySchema, response: { 200: resetLinkCheckResponseSchema } },
    handler: async (request) => {
      // The same lookup resetPassword makes: a used link's value is gone, an old one has expired.
      const { internalAdapter } = await auth.$context;
      const verification = await internalAdapter.findVerificationValue(`reset-password:${request.body.token}`);
      return { valid: verification !== null && verification !== undefined && verification.expiresAt > new Date() };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/session/token',
    preHandler: signedIn,
    schema: { tags: ['session'], response: { 200: identityTokenSchema } },
    handler: async (request, reply) => {
      contextOf(request);
      const { token } = await auth.api.getToken({ headers: toWebHeaders(request) });
      reply.header('cache-control', 'no-store');
      const { exp } = decodeJwt(token);
      return { token, expires_at: (exp ?? 0) * 1000 };
    },
  });
}
