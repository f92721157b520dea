import crypto from 'node:crypto';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import type { MessageWriter } from '../adapters/ai/message-writer.ts';
import type { EngagementAdapters } from '../adapters/engagement/engagement-adapter.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { acrossTenants } from '../db/tenant-scope.ts';
import type { Clock } from '../lib/clock.ts';
import { closedPort } from './closed-port.ts';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';
import { createTestDatabase, testEngine } from './test-database.ts';

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

export type TestApp = {
  app: BuiltApp;
  handle: ReturnType<typeof openDatabase>;
  config: Config;
  mailer: RecordingMailer;
  /** Signs in through the API and answers the Cookie header that carries the session. */
  signIn: (email: string, password?: string) => Promise<string>;
  /** The identity token (JWT) the browser fetches after sign-in, for the AnalyticsRelay bearer. */
  identityToken: (cookie: string) => Promise<string>;
  /** The uid of a seeded user. */
  uidOf: (email: string) => Promise<string>;
  close: () => Promise<void>;
};

/** Throttling stays out of the way unless a test asks for a low limit. */
const UNTHROTTLED_LOGINS_PER_MINUTE = 100_000;
const UNTHROTTLED_RATE_LIMITS = { read: 100_000, write: 100_000, expensive: 100_000, auth: 100_000, files: 100_000 };

/**
 * A fresh Quarry on its own empty database (SQLite by default, PostgreSQL with
 * QUARRY_TEST_ENGINE=postgres), migrated and seeded with the demo tenants, talking through
 * app.inject with no network. Build one per test file and close it after.
 */
export async function createTestApp({
  config: overrides = {},
  now,
  messageWriter,
  engagementAdapters,
}: {
  config?: Partial<Config>;
  /** The flows' message writer; the configured one (the built-in composer) otherwise. */
  messageWriter?: MessageWriter;
  /** A clock the test moves itself (e.g. past the end of an impersonation). */
  now?: Clock;
  /** Sales-engagement adapters of the test's own; otherwise the configured ones. */
  engagementAdapters?: EngagementAdapters;
} = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(testEngine());
  try {
    // No test reaches a real vendor: every sales-engagement host is a port nothing listens on.
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const config: Config = {
      ...loadConfig({
        QUARRY_ENV: 'test',
        DATA_DIR: testDb.dataDir,
        LOG_LEVEL: 'silent',
        HUBSPOT_API_BASE_URL: nowhere,
        OUTREACH_API_BASE_URL: nowhere,
        SALESLOFT_API_BASE_URL: nowhere,
        APOLLO_API_BASE_URL: nowhere,
        OUTREACH_OAUTH_BASE_URL: `${nowhere}/oauth`,
        OUTREACH_CLIENT_ID: 'quarry-test-client',
        OUTREACH_CLIENT_SECRET: 'quarry-test-secret',
      }),
      database: testDb.database,
      loginIpLimitPerMinute: UNTHROTTLED_LOGINS_PER_MINUTE,
      rateLimits: UNTHROTTLED_RATE_LIMITS,
      // API tests answer the same whether or not the web app has been built.
      webDist: path.join(testDb.dataDir, 'no-web-build'),
      ...overrides,
    };
    const mailer = createRecordingMailer();
    const handle = openDatabase(config.database);
    const app = await buildApp({
      config,
      handle,
      authSecret: crypto.randomBytes(32).toString('base64url'),
      logger: pino({ level: 'silent' }),
      mailer,
      ...(now ? { now } : {}),
      ...(messageWriter ? { messageWriter } : {}),
      ...(engagementAdapters ? { engagementAdapters } : {}),
    });
    speakAsTheAppsPages(app, new URL(config.publicUrl).origin);
    await migrateToLatest(handle, app.auth);
    await seedDemo(handle.db, app.auth, config);
    await app.ready();

    const signIn = async (email: string, password = config.demoPassword) => {
      const res = await app.inject({ method: 'POST', url: '/api/session/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
      return sessionCookie(res);
    };

    const identityToken = async (cookie: string) => {
      const res = await app.inject({ method: 'GET', url: '/api/session/token', headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`identity token answered ${res.statusCode}: ${res.body}`);
      return (res.json() as { token: string }).token;
    };

    const uidOf = async (email: string) => {
      const row = await handle.db
        .selectFrom('users')
        .select('uid')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.uid;
    };

    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await handle.close();
      await testDb.drop();
    };

    // A test reads and arranges rows of any tenant directly; the app's own queries stay guarded.
    const testHandle = { ...handle, db: acrossTenants(handle.db) };
    return { app, handle: testHandle, config, mailer, signIn, identityToken, uidOf, close };
  } catch (error) {
    await testDb.drop().catch(() => undefined);
    throw error;
  }
}

/**
 * A browser sends Origin with every state-changing request from the app's pages, and the server
 * refuses one without it: injected requests carry the app's origin too, unless a test names its
 * own (`origin: undefined` sends none, as a non-browser client would).
 */
function speakAsTheAppsPages(app: BuiltApp, origin: string): void {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const withOrigin = (options: InjectOptions): InjectOptions => {
    const headers = { ...(options.headers ?? {}) };
    if (!('origin' in headers)) headers.origin = origin;
    else if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers };
  };
  app.inject = ((options: InjectOptions) => inject(withOrigin(options))) as BuiltApp['inject'];
}

/** The `name=value` pair of the session cookie a response set, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const setCookie = res.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.includes('session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0] as string;
}
