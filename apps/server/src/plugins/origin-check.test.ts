import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '../testing/analytics-event.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let rita: string;
let appOrigin: string;
beforeAll(async () => {
  t = await createTestApp();
  rita = await t.signIn('rita@acme.test');
  appOrigin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t?.close());

const workspaceCount = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom('workspaces')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('state-changing requests from another site', () => {
  it.each([
    ['another origin', { origin: 'http://evil.example' }],
    ['the opaque origin null', { origin: 'null' }],
    ['no Origin and no Referer', { origin: undefined }],
    ['no Origin and a Referer on another site', { origin: undefined, referer: 'http://evil.example/page' }],
    ['a look-alike origin', { origin: `${appOrigin}.evil.example` }],
  ])('are refused with 403 when they carry %s, and change nothing', async (_, headers) => {
    const before = await workspaceCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: rita, ...headers },
      payload: { name: 'Cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    expect(await workspaceCount()).toBe(before);
  });

  it('refuses body-less POSTs too: signing out and marking viewed', async () => {
    const cookie = await t.signIn('raj@acme.test');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    // Still signed in.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses DELETE from another origin and keeps the workspace', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: rita },
      payload: { name: 'Kept' },
    });
    const { id } = created.json() as { id: string };
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${id}`,
      headers: { cookie: rita, origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/workspaces/${id}`, headers: { cookie: rita } })).statusCode,
    ).toBe(200);
  });
});

describe("the app's own pages", () => {
  it('are let through by their Origin, or by their Referer when a browser sends no Origin', async () => {
    for (const [i, headers] of [
      { origin: appOrigin },
      { origin: undefined, referer: `${appOrigin}/workspaces` },
    ].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: { cookie: rita, ...headers },
        // A name of its own each: a second workspace of one name is refused.
        payload: { name: `Same site ${i + 1}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('leave reads alone: a GET needs no Origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/workspaces/owned',
      headers: { cookie: rita, origin: undefined },
    });
    expect(res.statusCode).toBe(200);
  });

  it('let a bearer-token request without cookies through (the analytics relay): no page elsewhere holds the token', async () => {
    const token = await t.identityToken(rita);
    const user = { user_id: await t.uidOf('rita@acme.test'), tenant_id: 'tnt_acme', email: 'rita@acme.test' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/AnalyticsRelay',
      headers: { authorization: `Bearer ${token}`, origin: undefined },
      payload: { events: [analyticsEvent(user)] } as Record<string, unknown>,
    });
    expect(res.statusCode).toBe(200);
  });
});
