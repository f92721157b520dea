import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Issue #13: every route limited by a preset, keyed by the signed-in session or else the address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      rateLimits: { read: 6, write: 4, expensive: 3, auth: 20, files: 10 },
      loginIpLimitPerMinute: 3,
      trustProxy: ['127.0.0.1'],
    },
  });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('rate limits', () => {
  it('give every route of the OpenAPI document a limit, answered in the X-RateLimit headers', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(50);
    const unlimited: string[] = [];
    for (const [i, { method, path }] of routes.entries()) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      // Each from its own address, so this walk never meets the limits it checks.
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      });
      if (!res.headers['x-ratelimit-limit']) unlimited.push(`${method} ${path} (${res.statusCode})`);
    }
    expect(unlimited).toEqual([]);
  });

  it('refuses reads past the read preset with 429 in the API shape, per session: a colleague is unaffected', async () => {
    const rita = await t.signIn('rita@acme.test');
    const raj = await t.signIn('raj@acme.test');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await get('/api/workspaces/owned', { cookie: rita })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await get('/api/workspaces/owned', { cookie: rita });
    expect(refused.json()).toEqual({
      error: { code: 'too_many_requests', message: expect.stringMatching(/^Too many requests, please try again in /) },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get('/api/workspaces/owned', { cookie: raj })).statusCode).toBe(200);
    // Writes have their own bucket.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: rita },
      payload: { name: 'Still writable' },
    });
    expect(write.statusCode).toBe(201);
  });

  it('limits reports by the expensive preset, and typeahead searches as reads', async () => {
    const mike = await t.signIn('mike@acme.test');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await get('/api/reporting?from=2026-01-01&to=2026-01-31', { cookie: mike })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const ada = await t.signIn('ada@acme.test');
    const searches: number[] = [];
    for (let i = 0; i < 7; i++) searches.push((await get('/api/accounts/search?q=ford', { cookie: ada })).statusCode);
    expect(searches).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('keys anonymous callers by their address, read through a trusted proxy', async () => {
    const from = (address: string) => get('/api/me', { 'x-forwarded-for': address });
    for (let i = 0; i < 6; i++) expect((await from('203.0.113.7')).statusCode).toBe(401);
    expect((await from('203.0.113.7')).statusCode).toBe(429);
    expect((await from('203.0.113.8')).statusCode).toBe(401);
  });

  it('slows a password guesser without refusing colleagues who sign in from the same address', async () => {
    const login = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/login',
        headers: { 'x-forwarded-for': '198.51.100.20' },
        payload: { email, password },
      });
    const guesses: number[] = [];
    for (let i = 0; i < 4; i++) guesses.push((await login('raj@acme.test', `wrong-${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 429]);
    expect((await login('ada@acme.test', t.config.demoPassword)).statusCode).toBe(200);
    expect((await login('gail@globex.test', t.config.demoPassword)).statusCode).toBe(200);
  });
});

describe("the web app's own files", () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Quarry</title>');
    for (let i = 0; i < 8; i++) fs.writeFileSync(path.join(dist, 'assets', `chunk-${i}.js`), `export const n = ${i};`);
    web = await createTestApp({
      config: { rateLimits: { read: 3, write: 4, expensive: 3, auth: 20, files: 10 }, webDist: dist },
    });
  });
  afterAll(async () => {
    await web?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('count against a budget of their own, never the API reads of the same session', async () => {
    const rita = await web.signIn('rita@acme.test');
    const fetch = (url: string) => web.app.inject({ method: 'GET', url, headers: { cookie: rita } });
    // A cold load of a page and its scripts: more files than the session's API reads allow.
    const files: number[] = [(await fetch('/MyTerritory')).statusCode];
    for (let i = 0; i < 8; i++) files.push((await fetch(`/assets/chunk-${i}.js`)).statusCode);
    expect(files).toEqual(Array(9).fill(200));
    // Its API reads are all still there.
    const reads: number[] = [];
    for (let i = 0; i < 4; i++) reads.push((await fetch('/api/workspaces/owned')).statusCode);
    expect(reads).toEqual([200, 200, 200, 429]);
    // And the files have their own limit.
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await fetch('/assets/chunk-0.js')).statusCode);
    expect(more).toEqual([200, 429, 429]);
  });
});
