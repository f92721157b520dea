import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("quarry");');
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each(['/', '/login', '/workspaces/abc?tab=lists', '/settings?category=userPreferences'])(
    'answers %s with index.html so the browser router can take over',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets cached for good and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file and an unknown API route with a 404 JSON error, not the page', async () => {
    for (const url of ['/assets/gone-999.js', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: `No route for GET ${url}` } });
    }
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  it.each([
    '/assets/gone',
    '/assets/',
    '/assets',
    '/assets/nested/gone.css',
    '/foo.js',
    '/x.png',
    '/favicon-missing.ico',
    '/workspaces/abc/app.js.map',
    '/api',
    '/api/',
    '/api/no-such-thing?x=1',
  ])('answers %s, which is no page and no file, with a 404 JSON error rather than the app shell', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      if (method === 'GET') {
        expect(res.json()).toEqual({ error: { code: 'not_found', message: `No route for GET ${url.split('?')[0]}` } });
      }
    }
  });

  it('answers HEAD on a page path as GET does, without the body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/workspaces/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('keeps the files cacheable as before while API answers beside them are no-store', async () => {
    const caching = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers['cache-control'];
    expect(await caching('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(await caching('/favicon.svg')).toBe('no-cache');
    expect(await caching('/index.html')).toBe('no-cache');
    expect(await caching('/workspaces/abc')).toBe('no-cache');
    expect(await caching('/api/health')).toBe('no-store');
  });

  it('still serves the API beside the page routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/*');
  });
});
