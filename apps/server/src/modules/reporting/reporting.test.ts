import type { AnalyticsEvent, Report } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createAnalyticsRepository } from '../analytics/analytics.repository.ts';

let t: TestApp;
let mike: string;
let rita: string;
let ada: string;
let gail: string;
let uid: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  mike = await t.signIn('mike@acme.test');
  rita = await t.signIn('rita@acme.test');
  ada = await t.signIn('ada@acme.test');
  gail = await t.signIn('gail@globex.test');
  const emails = ['rita@acme.test', 'raj@acme.test', 'mike@acme.test', 'gus@globex.test'];
  uid = Object.fromEntries(await Promise.all(emails.map(async (e) => [e, await t.uidOf(e)])));
});
afterAll(() => t?.close());

const report = (cookie: string | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/reporting?${query}`, headers: cookie ? { cookie } : {} });

let seq = 0;
/** An event as the relay stores it: `at` is an ISO time, `email` names the sender. */
function event(email: string, at: string, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  seq += 1;
  const tenant_id = email.endsWith('@globex.test') ? 'tnt_globex' : 'tnt_acme';
  return {
    id: `report-test-${seq.toString().padStart(4, '0')}`,
    type: 'track',
    event: 'List Mutated',
    properties: {},
    user_properties: { user_id: uid[email], tenant_id, email },
    timestamp: at,
    ...fields,
  };
}
const login = (email: string, at: string) => event(email, at, { event: 'User Login' });
const page = (email: string, at: string, path: string) =>
  event(email, at, { type: 'page', event: 'Page Viewed', name: path, properties: { path } });

describe('GET /api/reporting', () => {
  it('answers 401 to a signed-out caller', async () => {
    const res = await report(undefined, 'from=2025-01-01&to=2025-01-31');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a regular user with 403 and shows them nothing', async () => {
    const res = await report(rita, 'from=2025-01-01&to=2025-01-31');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(res.json().days).toBeUndefined();
    // Bad input changes nothing: the role is checked first, so the fields are not described to her.
    const bad = await report(rita, '');
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error.code).toBe('forbidden');
  });

  it.each([
    ['a missing range', ''],
    ['a day that is not a date', 'from=2025-01-01&to=yesterday'],
    ['a range that ends before it starts', 'from=2025-02-01&to=2025-01-01'],
    ['a range longer than 366 days', 'from=2024-01-01&to=2025-01-02'],
  ])('refuses %s with 400', async (_, query) => {
    const res = await report(mike, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  describe('over a week of known events (Mon 2025-01-06 to Sun 2025-01-12)', () => {
    beforeAll(async () => {
      const relay = createAnalyticsRepository(t.handle.db);
      const acme = [
        login('rita@acme.test', '2025-01-06T08:00:00.000Z'),
        page('rita@acme.test', '2025-01-06T08:01:00.000Z', '/'),
        page('rita@acme.test', '2025-01-06T08:02:00.000Z', '/MyTerritory'),
        event('rita@acme.test', '2025-01-06T08:03:00.000Z', { event: 'Filter Created' }),
        login('rita@acme.test', '2025-01-08T09:30:00.000Z'),
        page('rita@acme.test', '2025-01-08T09:31:00.000Z', '/'),
        page('rita@acme.test', '2025-01-08T09:32:00.000Z', '/accounts/mst_1'),
        page('rita@acme.test', '2025-01-08T09:33:00.000Z', '/accounts/mst_2'),
        login('raj@acme.test', '2025-01-08T10:00:00.000Z'),
        event('raj@acme.test', '2025-01-08T10:05:00.000Z'),
        event('raj@acme.test', '2025-01-08T10:06:00.000Z'),
        // Before and after the range: never counted.
        login('mike@acme.test', '2025-01-05T23:59:59.000Z'),
        login('mike@acme.test', '2025-01-13T00:00:00.000Z'),
      ];
      await relay.insertMany('tnt_acme', acme);
      // A resent batch is stored once, so it counts once.
      await relay.insertMany('tnt_acme', acme.slice(0, 4));
      await relay.insertMany('tnt_globex', [
        login('gus@globex.test', '2025-01-06T08:00:00.000Z'),
        page('gus@globex.test', '2025-01-06T08:01:00.000Z', '/globex-only'),
        event('gus@globex.test', '2025-01-07T08:00:00.000Z', { event: 'Flow triggered' }),
      ]);
    });

    it('gives a manager active users and sign-ins per day, weekly actives, pages, events and users', async () => {
      const res = await report(mike, 'from=2025-01-06&to=2025-01-12');
      expect(res.statusCode).toBe(200);
      const body = res.json() as Report;
      expect(body.days).toEqual([
        { day: '2025-01-06', active_users: 1, sign_ins: 1 },
        { day: '2025-01-07', active_users: 0, sign_ins: 0 },
        { day: '2025-01-08', active_users: 2, sign_ins: 2 },
        { day: '2025-01-09', active_users: 0, sign_ins: 0 },
        { day: '2025-01-10', active_users: 0, sign_ins: 0 },
        { day: '2025-01-11', active_users: 0, sign_ins: 0 },
        { day: '2025-01-12', active_users: 0, sign_ins: 0 },
      ]);
      expect(body.weeks).toEqual([{ week: '2025-01-06', active_users: 2 }]);
      // A record's page counts as one screen, whichever record it shows.
      expect(body.pages).toEqual([
        { page: '/', views: 2 },
        { page: '/accounts/:id', views: 2 },
        { page: '/MyTerritory', views: 1 },
      ]);
      expect(body.events).toEqual([
        { event: 'User Login', count: 3 },
        { event: 'List Mutated', count: 2 },
        { event: 'Filter Created', count: 1 },
      ]);
      const byEmail = Object.fromEntries(body.users.map((u) => [u.email, u]));
      expect(byEmail['rita@acme.test']).toMatchObject({
        display_name: 'Rita Rep',
        last_sign_in_at: '2025-01-08T09:30:00.000Z',
        days_active: 2,
        sign_ins: 2,
        events: 8,
      });
      expect(byEmail['raj@acme.test']).toMatchObject({ days_active: 1, sign_ins: 1, events: 3 });
      // Members who did nothing in the range are listed with zeros.
      expect(byEmail['mike@acme.test']).toMatchObject({ last_sign_in_at: null, days_active: 0, events: 0 });
      expect(body.users.map((u) => u.email)).not.toContain('gus@globex.test');
      // The service account is no colleague: not listed while it has done nothing.
      expect(body.users.map((u) => u.email)).not.toContain('admin@acme.test');
    });

    it('counts weeks that straddle the range only within it', async () => {
      const res = await report(ada, 'from=2025-01-05&to=2025-01-13');
      expect(res.statusCode).toBe(200);
      expect((res.json() as Report).weeks).toEqual([
        { week: '2024-12-30', active_users: 1 },
        { week: '2025-01-06', active_users: 2 },
        { week: '2025-01-13', active_users: 1 },
      ]);
    });

    it('counts only the chosen days of a week the range starts and ends in', async () => {
      const res = await report(mike, 'from=2025-01-06&to=2025-01-07');
      expect(res.statusCode).toBe(200);
      const body = res.json() as Report;
      expect(body.weeks).toEqual([{ week: '2025-01-06', active_users: 1 }]);
      expect(body.days.map((d) => d.active_users)).toEqual([1, 0]);
      const byEmail = Object.fromEntries(body.users.map((u) => [u.email, u]));
      expect(byEmail['rita@acme.test']).toMatchObject({ days_active: 1, sign_ins: 1, events: 4 });
      expect(byEmail['raj@acme.test']).toMatchObject({ days_active: 0, events: 0 });
    });

    it("never shows another tenant's events: Globex's admin sees only Globex", async () => {
      const res = await report(gail, 'from=2025-01-06&to=2025-01-12');
      expect(res.statusCode).toBe(200);
      const body = res.json() as Report;
      expect(body.days.slice(0, 2)).toEqual([
        { day: '2025-01-06', active_users: 1, sign_ins: 1 },
        { day: '2025-01-07', active_users: 1, sign_ins: 0 },
      ]);
      expect(body.pages).toEqual([{ page: '/globex-only', views: 1 }]);
      expect(body.events).toEqual([
        { event: 'Flow triggered', count: 1 },
        { event: 'User Login', count: 1 },
      ]);
      expect(body.users.map((u) => u.email).sort()).toEqual(['gail@globex.test', 'gus@globex.test']);
    });
  });
});
