import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '../../testing/analytics-event.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LIVE_SESSION_MEMORY_MS } from '../auth/token-session.ts';

// Issue #13: the 15-minute identity token must end with the sign-in it was issued under.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const relay = (token: string, user: { user_id: string; tenant_id: string; email: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/AnalyticsRelay',
    headers: { authorization: `Bearer ${token}` },
    payload: { events: [analyticsEvent(user)] } as Record<string, unknown>,
  });

describe('the identity token', () => {
  it('is refused by the relay once its session signs out', async () => {
    const cookie = await t.signIn('rita@acme.test');
    const token = await t.identityToken(cookie);
    const rita = { user_id: await t.uidOf('rita@acme.test'), tenant_id: 'tnt_acme', email: 'rita@acme.test' };
    expect((await relay(token, rita)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    const after = await relay(token, rita);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('keeps working for another session of the same user when one signs out', async () => {
    const first = await t.signIn('raj@acme.test');
    const second = await t.signIn('raj@acme.test');
    const token = await t.identityToken(second);
    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie: first } });
    const raj = { user_id: await t.uidOf('raj@acme.test'), tenant_id: 'tnt_acme', email: 'raj@acme.test' };
    expect((await relay(token, raj)).statusCode).toBe(200);
  });

  it('issued while impersonating is refused once the impersonation stops', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const mikeUid = await t.uidOf('mike@acme.test');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/support/impersonation',
      headers: { cookie: support },
      payload: { uid: mikeUid, reason: 'Ticket 4711' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const token = await t.identityToken(support);
    const mike = { user_id: mikeUid, tenant_id: 'tnt_acme', email: 'mike@acme.test' };
    const relayed = await relay(token, mike);
    expect(relayed.statusCode).toBe(200);
    // Support acting as Mike is not Mike's usage: kept, but not where Reporting counts Mike's days.
    expect(relayed.json()).toMatchObject({ accepted: 1 });
    const stored = (table: 'analytics_events' | 'analytics_support_events') =>
      t.handle.db
        .selectFrom(table)
        .select('id')
        .where('tenant_id', '=', 'tnt_acme')
        .where('user_id', '=', mikeUid)
        .execute();
    expect(await stored('analytics_events')).toEqual([]);
    expect(await stored('analytics_support_events')).toHaveLength(1);
    const days = await t.handle.db
      .selectFrom('analytics_user_days')
      .select('events')
      .where('tenant_id', '=', 'tnt_acme')
      .where('user_id', '=', mikeUid)
      .execute();
    expect(days).toEqual([]);
    const stopped = await t.app.inject({
      method: 'DELETE',
      url: '/api/support/impersonation',
      headers: { cookie: support },
    });
    expect(stopped.statusCode).toBeLessThan(300);
    expect((await relay(token, mike)).statusCode).toBe(401);
  });
});

describe('the identity token of a session ended by another process', () => {
  // The relay remembers a standing session for LIVE_SESSION_MEMORY_MS (one database round trip
  // fewer per batch, issue #20); the process that signs out forgets at once (tests above), another
  // process's sign-out is seen within that time.
  let clockMs = Date.now();
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp({ now: () => new Date(clockMs) });
  });
  afterAll(() => own?.close());

  it('is refused once the memory of its session has run out', async () => {
    const cookie = await own.signIn('rita@acme.test');
    const token = await own.identityToken(cookie);
    const rita = { user_id: await own.uidOf('rita@acme.test'), tenant_id: 'tnt_acme', email: 'rita@acme.test' };
    const send = () =>
      own.app.inject({
        method: 'POST',
        url: '/AnalyticsRelay',
        headers: { authorization: `Bearer ${token}` },
        payload: { events: [analyticsEvent(rita)] } as Record<string, unknown>,
      });
    expect((await send()).statusCode).toBe(200);
    // Another process signs her out (the only session of this app): the row goes, this process is not told.
    await sql`delete from auth_sessions`.execute(own.handle.db);
    expect((await send()).statusCode).toBe(200);
    clockMs += LIVE_SESSION_MEMORY_MS;
    const after = await send();
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });
});
