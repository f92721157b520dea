import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { registerErrorHandling } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('error answers', () => {
  it('answers malformed JSON with 400 { error: { code, message } } naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ada@acme.test", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(errorShape);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'body: Malformed JSON' } });
  });

  it('answers a body of the wrong type with 400 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '["ada@acme.test"]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.message).toMatch(/^body: /);
  });

  it('answers a body over the size limit with 413 and reads none of it', async () => {
    const payload = JSON.stringify({ email: 'ada@acme.test', password: 'x'.repeat(t.config.bodyLimitBytes) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large' } });
  });

  it('answers an unknown /api route with a 404 JSON error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-thing' } });
  });

  it('answers a known path with the wrong method with a 404 JSON error', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(errorShape);
  });

  it('never lets an unexpected failure show its message or stack to the client', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/api/boom', async () => {
      throw new Error('SELECT password FROM auth_accounts failed at /srv/quarry/secret.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong, please try again' },
    });
    expect(res.body).not.toMatch(/SELECT|secret|\.ts:|at /);
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/no-such-thing', '/api/docs'])(
    'are set on %s, with a CSP that allows no inline script',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).toContain("'self'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );
});

describe('OpenAPI', () => {
  it('serves an OpenAPI document at /api/docs/json that lists the sign-in route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Quarry API');
    expect(doc.paths['/api/session/login']?.post).toBeDefined();
    expect(doc.paths['/api/me']?.get).toBeDefined();
    expect(doc.paths['/AnalyticsRelay']?.post).toBeDefined();
  });

  it('serves the documentation page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
    // Under the CSP an inline script would not run, so every script must come from a file.
    expect(res.body).toMatch(/<script\s[^>]*src=/);
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });
});
