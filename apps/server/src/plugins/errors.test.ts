import type { AddressInfo } from 'node:net';
import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { errorAnswer, registerErrorHandling } from './errors.ts';

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

  it('names why each field was refused, in a word the web translates, with the bound it broke', async () => {
    const cookie = await t.signIn('ada@acme.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: { name: 'n'.repeat(121), hit_type: 'sometimes', phrases: ['harbour'] },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fields;
    expect(fields).toContainEqual(expect.objectContaining({ field: 'name', reason: 'too_long', limit: 120 }));
    expect(fields).toContainEqual(expect.objectContaining({ field: 'hit_type', reason: 'invalid_choice' }));
    // The server's own words stay beside the reason, for an English reader.
    expect(fields.every((f: { message: unknown }) => typeof f.message === 'string' && f.message)).toBe(true);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: { name: '   ', hit_type: 'event', phrases: ['harbour'] },
    });
    expect(empty.json().error.details.fields).toEqual([expect.objectContaining({ field: 'name', reason: 'required' })]);
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

describe('errors Fastify answers itself', () => {
  it.each(['/api/accounts/%E0%A4%A', '/workspaces/%E0%A4%A'])(
    'answers a URL that does not percent-decode (%s) with 400 in the API shape',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'The URL is not validly encoded' } });
      expect(res.body).not.toContain('FST_ERR');
    },
  );

  it('answers a Content-Type no parser reads with 415 in the API shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'email,password',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'Unsupported content type' } });
  });

  it('answers a body shorter than its Content-Length with 400 in the API shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"email":"ada@acme.test"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(errorShape);
    expect(res.body).not.toContain('FST_ERR');
  });

  it('names a framework error of a known status by its code, not as bad_request', () => {
    const notFound = Object.assign(new Error('Not Found'), { code: 'FST_ERR_NOT_FOUND', statusCode: 404 });
    expect(errorAnswer(notFound)).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Not Found' } },
    });
    const tooLong = Object.assign(new Error("'/api/x' is exceeding the max param length"), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    });
    expect(errorAnswer(tooLong)).toEqual({
      status: 414,
      body: { error: { code: 'bad_request', message: 'A part of the URL is too long' } },
    });
  });

  describe('over a real connection, before there is a request', () => {
    let address: { host: string; port: number };
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const bound = t.app.server.address() as AddressInfo;
      address = { host: bound.address, port: bound.port };
    });

    it("answers headers over Node's size limit with 431 in the API shape", async () => {
      const res = await rawRequest(
        address,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'bad_request', message: 'The request headers are too large' },
      });
    });

    it('answers a request line that is not HTTP with 400 in the API shape', async () => {
      const res = await rawRequest(address, 'NOT HTTP AT ALL\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: { code: 'bad_request', message: 'The request is malformed' } });
    });
  });
});

/** Writes `raw` to the server and reads what it answers until it closes the connection. */
function rawRequest(
  { host, port }: { host: string; port: number },
  raw: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(raw);
  });
}

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
