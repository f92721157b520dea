import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '../testing/analytics-event.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { isApiPath } from './no-store.ts';

let t: TestApp;
let mike: string;
beforeAll(async () => {
  t = await createTestApp();
  mike = await t.signIn('mike@acme.test');
});
afterAll(() => t?.close());

describe('Cache-Control on API answers', () => {
  it.each([
    ['/api/me', 'who is signed in'],
    ['/api/reporting?from=2026-01-01&to=2026-01-31', "the tenant's usage by user"],
    ['/api/accounts/search?q=a', 'accounts'],
    ['/api/health', 'a status'],
    ['/api/docs/json', 'the OpenAPI document'],
  ])('is no-store on GET %s (%s)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: mike } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['signed out', { method: 'GET', url: '/api/me' }, 401],
    ['an unknown route', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['a URL that does not decode', { method: 'GET', url: '/api/accounts/%E0%A4%A' }, 400],
    [
      'a wrong password',
      { method: 'POST', url: '/api/session/login', payload: { email: 'mike@acme.test', password: 'nope' } },
      401,
    ],
    [
      'a request from another site',
      { method: 'POST', url: '/api/session/logout', headers: { origin: 'http://evil.example' } },
      403,
    ],
  ] as const)('is no-store on an error answer too (%s)', async (_what, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the analytics relay, which answers on behalf of a signed-in user', async () => {
    const token = await t.identityToken(mike);
    const user = { user_id: await t.uidOf('mike@acme.test'), tenant_id: 'tnt_acme', email: 'mike@acme.test' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/AnalyticsRelay',
      headers: { authorization: `Bearer ${token}`, origin: undefined },
      payload: { events: [analyticsEvent(user)] } as Record<string, unknown>,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('isApiPath', () => {
  it.each(['/api', '/api/', '/api/me', '/api/reporting?from=2026-01-01', '/AnalyticsRelay'])('holds %s', (url) => {
    expect(isApiPath(url)).toBe(true);
  });

  it.each(['/', '/apis', '/apiary/x', '/assets/api/x.js', '/workspaces/api', '/login?next=/api/me'])(
    'leaves out %s',
    (url) => {
      expect(isApiPath(url)).toBe(false);
    },
  );
});
