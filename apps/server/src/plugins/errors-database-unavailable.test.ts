import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DbHandle, openDatabase } from '../db/connection.ts';
import { closedPort } from '../testing/closed-port.ts';
import { type BuiltApp, createTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-database.ts';

const UNAVAILABLE = {
  error: { code: 'database_unavailable', message: 'Quarry cannot reach its database, please try again shortly' },
};

/** 503 in the API's shape with Retry-After, and nothing of the failure underneath. */
function expectUnavailable(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual(UNAVAILABLE);
}

describe('the API on a PostgreSQL server that is not there', () => {
  let app: BuiltApp;
  let handle: DbHandle;
  let origin: string;
  let dataDir: string;
  const logged: { msg: string; err?: { code?: string; stack?: string } }[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-no-db-'));
    const config = loadConfig({
      QUARRY_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://quarry:quarry@127.0.0.1:${await closedPort()}/quarry`,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    origin = config.publicUrl;
    handle = openDatabase(config.database);
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    app = await buildApp({ config, handle, authSecret: crypto.randomBytes(32).toString('base64url'), logger });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers GET /api/health with 503 database_unavailable and Retry-After', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('answers a sign-in with 503 JSON, never a stack trace, and logs the cause', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { origin },
      payload: { email: 'rita@acme.test', password: 'quarry-demo-2026' },
    });
    expectUnavailable(res);
    expect(res.body).not.toMatch(/ECONNREFUSED|\bat \S+:\d+/);
    const entry = logged.findLast((l) => l.msg === 'database unavailable');
    expect(JSON.stringify(entry?.err)).toContain('ECONNREFUSED');
  });
});

describe.runIf(testEngine() === 'sqlite')('the API on a SQLite file another process keeps locked', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn('rita@acme.test');
    // The server waits busy_timeout (5 s) for a lock; a shorter wait keeps the test quick.
    await sql`PRAGMA busy_timeout = 50`.execute(t.handle.db);
  });
  afterAll(() => t?.close());

  it('refuses writes with 503 while the lock is held, still reads, and writes again once it is released', async () => {
    const owned = () => t.app.inject({ method: 'GET', url: '/api/workspaces/owned', headers: { cookie } });
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/workspaces', headers: { cookie }, payload: { name: 'Locked out' } });
    // The first signed-in request also writes (better-auth stores its signing key): done before the lock.
    expect((await owned()).statusCode).toBe(200);
    const holder = new SQLite((t.config.database as { file: string }).file);
    try {
      holder.exec('BEGIN IMMEDIATE');
      expectUnavailable(await create());
      // WAL: readers are not blocked by the writer that holds the lock.
      expect((await owned()).statusCode).toBe(200);
    } finally {
      holder.close();
    }
    expect((await create()).statusCode).toBe(201);
  });
});

describe.runIf(testEngine() === 'postgres')(
  'the API when PostgreSQL drops its connections and refuses new ones',
  () => {
    let t: TestApp;
    let cookie: string;
    let admin: pg.Client;
    let name: string;
    beforeAll(async () => {
      t = await createTestApp();
      cookie = await t.signIn('rita@acme.test');
      name = new URL((t.config.database as { url: string }).url).pathname.slice(1);
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin?.end();
      await t?.close();
    });

    it('answers 503 while the database is out of reach, survives its idle connections dying, and recovers', async () => {
      const owned = () => t.app.inject({ method: 'GET', url: '/api/workspaces/owned', headers: { cookie } });
      expect((await owned()).statusCode).toBe(200);

      // As in a restart or failover: every connection of the app ends, and no new one is accepted.
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      expectUnavailable(await owned());
      expectUnavailable(await t.app.inject({ method: 'GET', url: '/api/health' }));

      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      expect((await owned()).statusCode).toBe(200);
    });
  },
);
