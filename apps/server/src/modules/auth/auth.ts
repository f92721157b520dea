import { betterAuth } from 'better-auth';
import { jwt } from 'better-auth/plugins/jwt';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Config } from '../../config.ts';
import type { DbHandle } from '../../db/connection.ts';
import { trustedOrigins } from '../../plugins/origin-check.ts';

export const IDENTITY_TOKEN_TTL_SECONDS = 15 * 60;

type AuthDeps = {
  config: Config;
  handle: DbHandle;
  secret: string;
  mailer: Mailer;
  log: Logger;
  /**
   * Whom the identity token speaks for (the impersonated user while the session impersonates) and
   * the tenant and email it carries, so the relay can check events without a lookup.
   */
  tokenIdentity: (uid: string, sessionId: string) => Promise<{ subject: string; claims: Record<string, unknown> }>;
};

export function createAuth({ config, handle, secret, mailer, log, tokenIdentity }: AuthDeps) {
  const origin = new URL(config.publicUrl).origin;
  return betterAuth({
    appName: 'Quarry',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db: handle.db, type: handle.engine, casing: 'snake' },
    trustedOrigins: trustedOrigins(config),
    // Quarry throttles sign-in itself (per email and per IP) so the messages match the spec.
    rateLimit: { enabled: false },
    // Through pino, so LOG_LEVEL and redaction apply to better-auth's lines too.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        log[level](err ? { err } : { args }, `[better-auth] ${message}`);
      },
    },
    user: { modelName: 'auth_users' },
    session: { modelName: 'auth_sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your Quarry password',
          text: `Someone asked to reset the password of your Quarry account.\n\nSet a new password here (valid for one hour):\n${link}\n\nIf it was not you, ignore this message.`,
          link,
        });
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      jwt({
        schema: { jwks: { modelName: 'auth_jwks' } },
        jwt: {
          issuer: origin,
          audience: origin,
          expirationTime: `${IDENTITY_TOKEN_TTL_SECONDS}s`,
          definePayload: async ({ user, session }) => (await tokenIdentity(user.id, session.id)).claims,
          getSubject: async ({ user, session }) => (await tokenIdentity(user.id, session.id)).subject,
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
